/**
 * WebSocket resume (docs/websocket.md "Resume"): whether a reconnecting client can be replayed
 * what it missed, and the missed messages themselves, read from the stored feed (so it survives
 * server restarts) a page of seqs at a time, so a resume never holds more than one page in memory.
 */
import { LogFolds, readLog } from '../engine/log-reader';
import type { FixtureInfo } from '@/lib/match/types';
import { receivedAtOfSeq } from '../store/queries/feed-log';
import type { GatewayServices } from './gateway-services';
import { LiveWinProbability } from '../read/live-win-probability';
import { oddsMessage, updateMessage, winProbabilityMessage } from './messages';
import { anyCovers, type Sub } from './subscriptions';

/** Seqs read from the store per page of a replay (events, ticks and the fixtures' states for them). */
export const RESUME_PAGE_SEQS = 500;

export type ResumePlan =
  | { kind: 'replay'; head: number }
  | { kind: 'resync'; head: number; reason: 'retention_expired' | 'too_many_messages' | 'ahead_of_server' };

/**
 * Whether a client that last saw `lastSeq` can be replayed what it missed up to `head` (the
 * feed's latest published seq when the client's live messages started being held back). Resync
 * when `lastSeq` is ahead of the feed (the store was reset), when more than WS_RESUME_MAX_MESSAGES
 * were published since, or when the first missed one was received longer than
 * WS_RESUME_RETENTION_S ago. Reads one row at most; the replay itself is `replayPages`.
 */
export async function planResume(
  services: GatewayServices,
  lastSeq: number,
  head: number,
  nowMs = Date.now(),
): Promise<ResumePlan> {
  const { WS_RESUME_MAX_MESSAGES: max, WS_RESUME_RETENTION_S: retention } = services.config;
  if (lastSeq > head) return { kind: 'resync', head, reason: 'ahead_of_server' };
  if (lastSeq === head) return { kind: 'replay', head };
  if (head - lastSeq > max) return { kind: 'resync', head, reason: 'too_many_messages' };
  const firstMissed = await receivedAtOfSeq(services.store.db, lastSeq + 1);
  if (firstMissed != null && firstMissed < nowMs - retention * 1000)
    return { kind: 'resync', head, reason: 'retention_expired' };
  return { kind: 'replay', head };
}

/**
 * The messages `subs` cover with `lastSeq` < seq ≤ `head`, serialized (`replayed: true`), in seq
 * order (an event's `win_probability` right after its `update`), yielded one page of `pageSeqs` seqs at a time (a page may be empty). The caller sends a
 * page before asking for the next one, so memory per resume is one page plus the socket's buffer.
 */
export async function* replayPages(
  services: GatewayServices,
  lastSeq: number,
  subs: Sub[],
  head: number,
  pageSeqs = RESUME_PAGE_SEQS,
): AsyncGenerator<{ seq: number; payload: string }[]> {
  const keep = (kind: 'event' | 'odds', fixture: FixtureInfo) =>
    kind === 'event'
      ? anyCovers(subs, 'live', fixture) || anyCovers(subs, 'win-probability', fixture)
      : anyCovers(subs, 'odds', fixture);
  const folds = new LogFolds(); // each page folds on from the previous one, not from kickoff
  // `win_probability` messages: the live follower's point of each seq it kept (what live
  // subscribers were sent), recomputed from the log as live for seqs before its window.
  const points = new LiveWinProbability();
  await services.livePoints.settled?.();
  for (let from = lastSeq; from < head; from += pageSeqs) {
    // A run of one fixture's odds ticks is one message: a page must not cut it, so it ends at the
    // page's last seq and a run crossing it continues as the next page's first message. Ticks of
    // one run are sent as they were published live (one message per ingest batch), so splitting a
    // run at a page edge sends two `odds` messages for it — same ticks, same order, seqs increasing.
    const entries = await readLog(services.store.db, from, Math.min(from + pageSeqs, head), keep, folds);
    const page: { seq: number; payload: string }[] = [];
    for (const e of entries) {
      const { seq, fixture } = e.message;
      if (e.kind === 'odds') {
        page.push({ seq, payload: JSON.stringify(oddsMessage(e.message, { replayed: true })) });
        continue;
      }
      if (anyCovers(subs, 'live', fixture)) {
        const nowMs = Date.parse(e.message.event.received_at);
        page.push({ seq, payload: JSON.stringify(updateMessage(e.message, { replayed: true, nowMs })) });
      }
      if (!anyCovers(subs, 'win-probability', fixture)) continue;
      const kept = services.livePoints.pointAt?.(seq, fixture.id);
      const point = kept ? kept.point : await points.pointAfter(services.store.db, e.message);
      if (point)
        page.push({ seq, payload: JSON.stringify(winProbabilityMessage(fixture, seq, point, { replayed: true })) });
    }
    yield page;
  }
}
