/**
 * The `nhl` source adapter: api-web.nhle.com (docs/adapters.md "nhl"). Each poll:
 *
 * 1. which games: NHL_GAME_IDS when set, else discovery — `GET /v1/score/{date}` for the
 *    day in North America (UTC − 5 h) — filtered by NHL_TEAMS;
 * 2. `GET /v1/gamecenter/{id}/play-by-play` for every followed game not finished yet (a
 *    finished game is read once more for its result, then left alone);
 * 3. the play-by-play maps to the game's whole event list (nhl-mapping.ts), which the kit's
 *    ledger (server/adapters/kit/ledger.ts) turns into new events and corrections.
 *
 * 4. while a game is live and after it ended, `GET /v1/gamecenter/{id}/boxscore` for the
 *    players' lines (TOI, goalies' saves): a `box_score` snapshot per period and the final one
 *    (nhl-boxscore.ts). While the box score is not there (404) or failing, the game is followed
 *    from its play-by-play alone; a finished game is left alone once its final box score went
 *    out, or after 3 reads without one.
 *
 * Pacing: the live interval while a followed game is LIVE/CRIT, the idle one otherwise. State:
 * per game the ledger, the last gameState, the last box snapshot, and whether it is done.
 */
import { z } from 'zod';
import { PolledAdapter } from '../kit/polled-adapter';
import { getOrSkip, nextBoxSnapshot, type BoxSnapshot } from '../game-delivery';
import { diffDelivered, readLedger, type Ledger } from '../kit/ledger';
import { UpstreamError } from '../kit/upstream-error';
import type { AdapterBatch, AdapterSkip, PollContext } from '../types';
import { nhlBoxScoreEvent } from './nhl-boxscore';
import { mapNhlGame, nhlRosterNames, nhlSourceKey, nhlTeamName } from './nhl-mapping';
import {
  NhlBoxScoreSchema,
  NhlPlayByPlaySchema,
  NhlScoreGameSchema,
  NhlScoreSchema,
  type NhlPlayByPlay,
} from './nhl-schemas';

const GameTrackSchema = z.object({
  ledger: z.unknown(),
  state: z.string(),
  done: z.boolean(),
  seen: z.string(),
  box: z.object({ id: z.string(), fp: z.string() }).optional(),
  box_tries: z.number().int().min(0).optional(),
});
/**
 * Per game: the ledger of delivered play-by-play events, the last gameState, whether it is done
 * (over, its final box score delivered or given up on), when it was last polled, the last box
 * score snapshot sent and the box score reads tried since the game ended.
 */
type GameTrack = {
  ledger: Ledger;
  state: string;
  done: boolean;
  seen: string;
  box?: BoxSnapshot;
  box_tries?: number;
};
/** The adapter state: version 1 and a track per game id. */
export type NhlState = { v: 1; games: Record<string, GameTrack> };

/** Reads the state leniently: anything unreadable is "nothing seen yet". */
export function readNhlState(raw: unknown): NhlState {
  const games: Record<string, GameTrack> = {};
  const r = raw as { v?: unknown; games?: unknown } | null;
  if (r?.v === 1 && r.games && typeof r.games === 'object')
    for (const [id, t] of Object.entries(r.games)) {
      const g = GameTrackSchema.safeParse(t);
      if (g.success) games[id] = { ...g.data, ledger: readLedger(g.data.ledger) };
    }
  return { v: 1, games };
}

const DAY = 86_400_000;
/** Box score reads after a game ended before it is left alone without one. */
const BOX_TRIES = 3;
/** Forget a finished game's track after this long. */
const FORGET_MS = 3 * DAY;

export class NhlAdapter extends PolledAdapter {
  readonly name = 'nhl';

  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const prev = readNhlState(ctx.state);
    const next: NhlState = { v: 1, games: { ...prev.games } };
    const skipped: AdapterSkip[] = [];
    const batch: AdapterBatch = { fixtures: [], events: [], state: next, skipped };
    const ids = this.settings.gameIds.length ? this.settings.gameIds : await this.discover(ctx, skipped, prev);
    let live = false;
    let followed = 0;
    for (const gid of ids) {
      const track = next.games[gid];
      if (track?.done) continue;
      const res = await ctx.http.getJson(`${this.baseUrl}/v1/gamecenter/${gid}/play-by-play`);
      if (res.status !== 200 && res.status !== 304) {
        skipped.push({ item: `game ${gid} play-by-play`, reason: `HTTP ${res.status}` });
        continue;
      }
      const parsed = NhlPlayByPlaySchema.safeParse(res.body);
      if (!parsed.success || String(parsed.data.id) !== gid) {
        skipped.push({
          item: `game ${gid} play-by-play`,
          reason: parsed.success ? `answered game ${parsed.data.id}` : (parsed.error.issues[0]?.message ?? 'invalid'),
        });
        continue;
      }
      const g = parsed.data;
      if (!this.wanted(g.homeTeam, g.awayTeam)) continue;
      followed += 1;
      const mapped = mapNhlGame(g);
      const diff = diffDelivered(track?.ledger ?? { sent: {} }, mapped.events, { complete: true, source: this.name });
      const at = ctx.now.toISOString();
      batch.fixtures.push(mapped.fixture);
      batch.events.push(...diff.events.map((event) => ({ source_key: nhlSourceKey(gid), event, occurred_at: at })));
      skipped.push(...mapped.skipped);
      const t: GameTrack = { ...track, ledger: diff.ledger, state: g.gameState, done: false, seen: at };
      if (mapped.live || mapped.over) await this.readBoxScore(ctx, g, t, batch, skipped);
      if (mapped.over) t.box_tries = (t.box_tries ?? 0) + 1;
      // Over: done once the final box score went out, or after BOX_TRIES reads without one.
      t.done = mapped.over && (t.box?.id.endsWith(':box:final') === true || (t.box_tries ?? 0) >= BOX_TRIES);
      next.games[gid] = t;
      if (mapped.live) live = true;
    }
    for (const [gid, t] of Object.entries(next.games))
      if (t.done && ctx.now.getTime() - Date.parse(t.seen) > FORGET_MS) delete next.games[gid];
    batch.pacing = { live };
    batch.followed = followed;
    return batch;
  }

  /**
   * `GET /v1/gamecenter/{id}/boxscore` → a `box_score` snapshot (one per period, then the final;
   * nhl-boxscore.ts). Not there yet (404), failing (5xx, timeout) or unreadable: skipped and
   * reported, the game followed from its play-by-play alone. A 429 stops the poll (the runner
   * waits as Retry-After says).
   */
  private async readBoxScore(
    ctx: PollContext,
    g: NhlPlayByPlay,
    t: GameTrack,
    batch: AdapterBatch,
    skipped: AdapterSkip[],
  ): Promise<void> {
    const what = `game ${g.id} boxscore`;
    let got: Awaited<ReturnType<typeof getOrSkip>>;
    try {
      got = await getOrSkip(ctx, `${this.baseUrl}/v1/gamecenter/${g.id}/boxscore`, what, skipped);
    } catch (e) {
      const waitAsked = e instanceof UpstreamError && (e.status === 429 || e.kind === 'budget' || e.kind === 'stopped');
      if (e instanceof UpstreamError && !waitAsked) {
        skipped.push({ item: what, reason: e.message });
        return;
      }
      throw e;
    }
    if (!got) return;
    const box = NhlBoxScoreSchema.safeParse(got.body);
    if (!box.success || box.data.id !== g.id) {
      skipped.push({
        item: what,
        reason: box.success ? `answered game ${box.data.id}` : (box.error.issues[0]?.message ?? 'not a box score'),
      });
      return;
    }
    const mapped = nhlBoxScoreEvent(box.data, nhlRosterNames(g));
    skipped.push(...mapped.skipped);
    if (!mapped.event) return;
    const snap = nextBoxSnapshot(t.box, mapped.event, mapped.final);
    if (snap.send) batch.events.push({ source_key: nhlSourceKey(g.id), event: snap.send });
    t.box = snap.box;
  }

  /** The day's game ids from `/v1/score/{date}` (the North American date), of the followed teams. */
  private async discover(ctx: PollContext, skipped: AdapterSkip[], prev: NhlState): Promise<string[]> {
    const date = new Date(ctx.now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    const res = await ctx.http.getJson(`${this.baseUrl}/v1/score/${date}`);
    const list = NhlScoreSchema.safeParse(res.body);
    if (res.status >= 400 || !list.success) {
      skipped.push({ item: `score ${date}`, reason: res.status >= 400 ? `HTTP ${res.status}` : 'not a score list' });
      return Object.keys(ctx.state && readNhlState(ctx.state).games).filter(
        (id) => !readNhlState(ctx.state).games[id].done,
      );
    }
    const ids: string[] = [];
    list.data.games.forEach((raw, i) => {
      const g = NhlScoreGameSchema.safeParse(raw);
      if (!g.success)
        skipped.push({ item: `score ${date} games[${i}]`, reason: g.error.issues[0]?.message ?? 'invalid' });
      else if (this.wanted(g.data.homeTeam, g.data.awayTeam)) ids.push(String(g.data.id));
    });
    return ids;
  }

  /** True when NHL_TEAMS is unset or names either team (abbreviation or name, any case). */
  private wanted(
    ...teams: { abbrev: string; commonName?: { default: string }; placeName?: { default: string } }[]
  ): boolean {
    const want = this.settings.teams;
    if (!want.length) return true;
    return teams.some(
      (t) => want.includes(t.abbrev.toUpperCase()) || want.includes(nhlTeamName({ id: 0, ...t }).toUpperCase()),
    );
  }
}
