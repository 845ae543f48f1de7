/**
 * The feed engine: the one writer. Every change — replayed, imported, pushed by an operator —
 * goes through `ingest` / `importMatches`, serialised through one queue. Each batch is one
 * transaction: events appended with gap-free `seq`, snapshots and fixtures updated, standings
 * recomputed for competitions where a match finished; after commit the events are published.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyImportedMatch } from '@/lib/import/types';
import type { Sport } from '@/lib/sports';
import { lockFeedWrites } from '../store/feed-write-lock';
import type { Store, Tx } from '../store/db';
import { toStoredEvent } from '../store/event-row';
import { loadFixtureInfos } from '../store/fixture-info';
import { insertEvents } from '../store/queries/insert-events';
import { writeFixtureSnapshots, type FixtureSnapshotRow } from '../store/queries/write-snapshots';
import * as t from '../store/schema';
import type { FeedBus } from './bus';
import type { CompetitionKey } from './reference';
import { recomputeStandings } from './standings';
import { ingestOddsInTx } from './odds-ingest';
import { CorrectionError, isCorrection, LogFold, parseCorrection } from '@/lib/match/corrections';
import { assignSeqs } from './sequence';
import {
  applyMatchEvent,
  initialMatchState,
  isRuleError,
  rulesOptions,
  type FeedEvent,
  type MatchState,
} from '@/lib/match/state';
import { importMatchesInTx, type ImportEngine, type ImportSummary } from './import-matches';
import type { FixtureInfo, StoredEvent } from '@/lib/match/types';
import type { FeedMessage, IngestItem, IngestOutcome, OddsOutcome, OddsTickInput } from './types';
import { GroupCommit } from './group-commit';
import { cooperative } from './yield';

export type { ImportSummary } from './import-matches';

/**
 * The sport whose initial state {@link FeedEngine.stateOf} gives a fixture that is not stored
 * (yet): football's, as before every sport had rules. Nothing applies events to such a fixture —
 * ingest rejects them ("fixture N does not exist") — so only a direct `stateOf` call sees it.
 */
const UNKNOWN_FIXTURE_SPORT: Sport = 'football';

export class FeedEngine {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly states = new Map<number, { state: MatchState; lastSeq: number }>();
  private readonly infos = new Map<number, FixtureInfo>();
  /**
   * Count of committed writes that carry no seq of their own (reference edits through `write`,
   * imports): cached reads (server/read-cache) key on it beside the log's seq. Per process.
   */
  referenceVersion = 0;

  constructor(
    readonly store: Store,
    readonly bus: FeedBus,
  ) {}

  /** Runs `fn` after every earlier write: the single-writer queue. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** On PostgreSQL other processes may write the same fixtures (docs/deploy.md). */
  private get shared(): boolean {
    return this.store.kind === 'postgres';
  }

  /** Runs `fn` in one transaction; on a shared store first takes the cluster-wide feed write lock. */
  private transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.store.db.transaction(async (tx) => {
      if (this.shared) await lockFeedWrites(tx);
      return fn(tx);
    });
  }

  /**
   * Current state of a fixture (from memory, else its snapshot, else its sport's initial state).
   * On a shared store the memory is used only while the snapshot's last_seq still matches it
   * (another process may have written the fixture since).
   */
  async stateOf(
    tx: Tx,
    fixtureId: number,
    info?: Pick<FixtureInfo, 'sport' | 'round'>,
  ): Promise<{ state: MatchState; lastSeq: number }> {
    const cached = this.states.get(fixtureId);
    if (cached && !this.shared) return cached;
    if (cached) {
      const [s] = await tx
        .select({ lastSeq: t.matchSnapshots.lastSeq })
        .from(t.matchSnapshots)
        .where(eq(t.matchSnapshots.fixtureId, fixtureId));
      if (s?.lastSeq === cached.lastSeq) return cached;
      this.states.delete(fixtureId);
    }
    const [snap] = await tx.select().from(t.matchSnapshots).where(eq(t.matchSnapshots.fixtureId, fixtureId));
    if (snap) return { state: snap.state, lastSeq: snap.lastSeq };
    const fixture = info ?? (await this.fixtureInfo(fixtureId, tx)) ?? { sport: UNKNOWN_FIXTURE_SPORT, round: null };
    return { state: initialMatchState(fixture.sport, rulesOptions(fixture)), lastSeq: 0 };
  }

  /** Caches the FixtureInfo of those of `ids` not cached yet (one query per 1,000). */
  private async cacheFixtureInfos(tx: Tx, ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.infos.has(id));
    for (let i = 0; i < missing.length; i += 1000)
      for (const [id, info] of await loadFixtureInfos(tx, missing.slice(i, i + 1000))) this.infos.set(id, info);
  }

  /** FixtureInfo for a fixture, cached; null when it does not exist. */
  async fixtureInfo(fixtureId: number, tx: Tx = this.store.db): Promise<FixtureInfo | null> {
    const hit = this.infos.get(fixtureId);
    if (hit) return hit;
    const loaded = await loadFixtureInfos(tx, [fixtureId]);
    const info = loaded.get(fixtureId) ?? null;
    if (info) this.infos.set(fixtureId, info);
    return info;
  }

  /**
   * Appends events (idempotent by event_id) and applies them to their matches, in one transaction.
   * Returns one outcome per item, in order: stored (with seq), duplicate, or rejected (unknown
   * fixture, rule error, a correction the log cannot take). Rejected items change nothing; the
   * rest of the batch is still stored. A `correction` (lib/match/corrections.ts) refolds its
   * fixture's log: the state published with it is the corrected one, standings follow.
   */
  ingest(items: IngestItem[], source: string): Promise<IngestOutcome[]> {
    return this.ingests.submit({ items, source });
  }

  /**
   * Ingest calls made while a write runs are committed together when their turn comes
   * (server/engine/group-commit.ts): one transaction for a burst from several feeds.
   */
  private readonly ingests = new GroupCommit<{ items: IngestItem[]; source: string }, IngestOutcome[]>(
    {
      schedule: (run) => void this.serial(run),
      runOne: async ({ items, source }) => {
        const { outcomes, messages } = await this.transaction((tx) => this.ingestInTx(tx, items, source));
        this.commitMessages(messages);
        return outcomes;
      },
      runGroup: async (calls) => {
        const done = await this.transaction(async (tx) => {
          // States after the earlier calls of the group (not committed yet, so not in memory).
          const known = new Map<number, MatchState>();
          const outs: IngestOutcome[][] = [];
          const messages: FeedMessage[] = [];
          // Consecutive calls from one source are one batch: one duplicate lookup, one seq
          // reservation, one insert; the batch's outcomes (one per item, in order) are split back.
          for (let i = 0; i < calls.length; ) {
            let j = i;
            const items: IngestItem[] = [];
            while (j < calls.length && calls[j].source === calls[i].source) items.push(...calls[j++].items);
            const r = await this.ingestInTx(tx, items, calls[i].source, known);
            for (const m of r.messages) known.set(m.fixture.id, m.state);
            let at = 0;
            for (const c of calls.slice(i, j)) outs.push(r.outcomes.slice(at, (at += c.items.length)));
            messages.push(...r.messages);
            i = j;
          }
          return { outs, messages };
        });
        return { outs: done.outs, committed: () => this.commitMessages(done.messages) };
      },
    },
    (c) => c.items.length,
  );

  /**
   * Stores live odds ticks (idempotent by tick_id, validated, each with the next global seq) in one
   * transaction and publishes them per fixture after commit. One outcome per item, in order.
   */
  ingestOdds(items: OddsTickInput[], source: string): Promise<OddsOutcome[]> {
    return this.serial(async () => {
      const { outcomes, messages } = await this.store.db.transaction((tx) =>
        ingestOddsInTx(tx, items, source, (id) => this.fixtureInfo(id, tx)),
      );
      this.bus.publishOdds(messages);
      return outcomes;
    });
  }

  /**
   * Runs `fn` in one transaction on the single-writer queue: the operator API's reference writes
   * (competitions, teams, fixtures: server/engine/operator-reference.ts). Fixture ids in `forget`
   * (read from the result) drop their cached FixtureInfo, so later events see the new kickoff,
   * venue or round. Errors: whatever `fn` throws (the transaction is rolled back).
   */
  write<T>(fn: (tx: Tx) => Promise<T>, forget: (result: T) => number[] = () => []): Promise<T> {
    return this.serial(async () => {
      try {
        const result = await this.transaction(fn);
        for (const id of forget(result)) this.infos.delete(id);
        return result;
      } finally {
        this.referenceVersion += 1;
      }
    });
  }

  private commitMessages(messages: FeedMessage[]): void {
    for (const m of messages) this.states.set(m.fixture.id, { state: m.state, lastSeq: m.seq });
    this.bus.publish(messages);
  }

  private async ingestInTx(
    tx: Tx,
    items: IngestItem[],
    source: string,
    known = new Map<number, MatchState>(),
  ): Promise<{ outcomes: IngestOutcome[]; messages: FeedMessage[] }> {
    const receivedAt = new Date().toISOString();
    const ids = [...new Set(items.map((i) => i.event.event_id))];
    const existing = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await tx
        .select({ eventId: t.matchEvents.eventId, seq: t.matchEvents.seq })
        .from(t.matchEvents)
        .where(inArray(t.matchEvents.eventId, ids.slice(i, i + 1000)));
      for (const r of rows) existing.set(r.eventId, r.seq);
    }
    // `fold` is made on a fixture's first correction in this batch: its log (store + this batch) refolds.
    const working = new Map<
      number,
      {
        state: MatchState;
        info: FixtureInfo;
        fold: LogFold | null;
        batch: { event: StoredEvent; occurred_at: string }[];
      }
    >();
    const accepted: { event: StoredEvent; state: MatchState; info: FixtureInfo }[] = [];
    const outcomes: IngestOutcome[] = [];
    const seen = new Set<string>();
    const step = cooperative();
    for (const item of items) {
      const pause = step();
      if (pause) await pause;
      const e = item.event;
      if (existing.has(e.event_id) || seen.has(e.event_id)) {
        outcomes.push({ event_id: e.event_id, status: 'duplicate', seq: existing.get(e.event_id) ?? null });
        continue;
      }
      let w = working.get(item.fixture_id);
      if (!w) {
        const info = await this.fixtureInfo(item.fixture_id, tx);
        if (!info) {
          outcomes.push({
            event_id: e.event_id,
            status: 'rejected',
            error: `fixture ${item.fixture_id} does not exist`,
          });
          continue;
        }
        w = {
          state: known.get(item.fixture_id) ?? (await this.stateOf(tx, item.fixture_id, info)).state,
          info,
          fold: null,
          batch: [],
        };
        working.set(item.fixture_id, w);
      }
      const occurredAt = item.occurred_at ?? receivedAt;
      let event: FeedEvent = e;
      try {
        if (isCorrection(e) && !w.fold)
          w.fold = new LogFold(
            w.info.sport,
            rulesOptions(w.info),
            [...(await this.logOf(tx, item.fixture_id)), ...w.batch],
            w.state,
          );
        if (isCorrection(e)) {
          const c = parseCorrection(e);
          // Stored with what it corrects, so every client sees it without a lookup.
          event = { ...e, side: null, player: null, detail: { ...c, target: w.fold!.targetOf(c) } };
        }
        w.state = w.fold
          ? w.fold.apply(event, occurredAt)
          : applyMatchEvent(w.info.sport, w.state, event, occurredAt, rulesOptions(w.info));
      } catch (err) {
        if (!isRuleError(err) && !(err instanceof CorrectionError)) throw err;
        outcomes.push({ event_id: e.event_id, status: 'rejected', error: err.message });
        continue;
      }
      seen.add(e.event_id);
      const stored: StoredEvent = {
        ...event,
        seq: 0,
        fixture_id: item.fixture_id,
        sport: w.info.sport,
        source,
        occurred_at: occurredAt,
        received_at: receivedAt,
      };
      w.batch.push({ event: stored, occurred_at: occurredAt });
      accepted.push({ event: stored, state: w.state, info: w.info });
      outcomes.push({ event_id: e.event_id, status: 'stored', seq: 0 });
    }
    if (!accepted.length) return { outcomes, messages: [] };

    await assignSeqs(tx, accepted, (a, seq) => (a.event.seq = seq), outcomes);
    // An event repeated within the batch is a duplicate of the copy stored just now: its seq.
    if (accepted.length < outcomes.length) {
      const seqOf = new Map(accepted.map((a) => [a.event.event_id, a.event.seq]));
      for (const o of outcomes) if (o.status === 'duplicate' && o.seq == null) o.seq = seqOf.get(o.event_id) ?? null;
    }

    await insertEvents(
      tx,
      accepted.map((a) => a.event),
    );
    const finishedCompetitions = new Set<number>();
    const lastByFixture = new Map<number, (typeof accepted)[number]>();
    for (const a of accepted) lastByFixture.set(a.event.fixture_id, a);
    const snapshots: FixtureSnapshotRow[] = [];
    for (const [fixtureId, a] of lastByFixture) {
      const before = this.states.get(fixtureId)?.state.status;
      snapshots.push({
        fixtureId,
        sport: a.info.sport,
        state: a.state,
        lastSeq: a.event.seq,
        status: a.state.status,
        homeScore: a.state.score.home,
        awayScore: a.state.score.away,
      });
      if (a.state.status === 'finished' || before === 'finished') finishedCompetitions.add(a.info.competition.id);
    }
    await step();
    await writeFixtureSnapshots(tx, snapshots, receivedAt);
    for (const c of finishedCompetitions) {
      await step();
      await recomputeStandings(tx, c);
    }
    return {
      outcomes,
      messages: accepted.map((a) => ({ seq: a.event.seq, event: a.event, fixture: a.info, state: a.state })),
    };
  }

  /** A fixture's stored log in seq order, as the fold reads it. */
  private async logOf(tx: Tx, fixtureId: number): Promise<{ event: StoredEvent; occurred_at: string }[]> {
    const rows = await tx
      .select()
      .from(t.matchEvents)
      .where(eq(t.matchEvents.fixtureId, fixtureId))
      .orderBy(asc(t.matchEvents.seq));
    return rows.map((r) => {
      const event = toStoredEvent(r);
      return { event, occurred_at: event.occurred_at };
    });
  }

  /**
   * Imports matches read by an importer (lib/import): competitions, teams, fixtures, lineups,
   * stats and odds, then their events plus a `result` event for finished matches — all in one
   * transaction through the same ingest path. Re-importing the same file changes nothing.
   * Errors: ReferenceError for an unknown competition (nothing is stored).
   */
  importMatches(
    matches: AnyImportedMatch[],
    opts: { source?: string; competition?: Partial<CompetitionKey> } = {},
  ): Promise<ImportSummary> {
    return this.serial(async () => {
      const { summary, messages } = await this.transaction((tx) =>
        importMatchesInTx(this.importer, tx, matches, opts),
      ).finally(() => (this.referenceVersion += 1));
      this.commitMessages(messages);
      return summary;
    });
  }

  /** What an import transaction (import-matches.ts) uses of this engine. */
  private readonly importer: ImportEngine = {
    stateOf: (tx, id, info) => this.stateOf(tx, id, info),
    fixtureInfo: (id, tx) => this.fixtureInfo(id, tx),
    cacheFixtureInfos: (tx, ids) => this.cacheFixtureInfos(tx, ids),
    ingestInTx: (tx, items, source, known) => this.ingestInTx(tx, items, source, known),
  };
}
