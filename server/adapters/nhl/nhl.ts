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
 * Pacing: the live interval while a followed game is LIVE/CRIT, the idle one otherwise. The box
 * score is not read: the play-by-play carries every fact Scoreline maps (goals, assists, shots,
 * penalties, periods), so a game is followed from it alone. State: per game the ledger, the last
 * gameState, and whether the result went out.
 */
import { z } from 'zod';
import type { SourceSettings } from '../../config-sources';
import { diffDelivered, readLedger, type Ledger } from '../kit/ledger';
import type { AdapterBatch, AdapterSkip, PollContext, SourceAdapter } from '../types';
import { mapNhlGame, nhlSourceKey, nhlTeamName } from './nhl-mapping';
import { NhlPlayByPlaySchema, NhlScoreGameSchema, NhlScoreSchema } from './nhl-schemas';

const GameTrackSchema = z.object({ ledger: z.unknown(), state: z.string(), done: z.boolean(), seen: z.string() });
type GameTrack = { ledger: Ledger; state: string; done: boolean; seen: string };
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
/** Forget a finished game's track after this long. */
const FORGET_MS = 3 * DAY;

export class NhlAdapter implements SourceAdapter {
  readonly name = 'nhl';
  readonly intervalMs: number;
  readonly liveIntervalMs: number;
  readonly requestsPerMinute: number;

  constructor(private readonly settings: SourceSettings) {
    this.intervalMs = settings.idleIntervalMs;
    this.liveIntervalMs = settings.liveIntervalMs;
    this.requestsPerMinute = settings.requestsPerMinute;
  }

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
      const res = await ctx.http.getJson(`${this.settings.baseUrl}/v1/gamecenter/${gid}/play-by-play`);
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
      next.games[gid] = { ledger: diff.ledger, state: g.gameState, done: mapped.over, seen: at };
      if (mapped.live) live = true;
    }
    for (const [gid, t] of Object.entries(next.games))
      if (t.done && ctx.now.getTime() - Date.parse(t.seen) > FORGET_MS) delete next.games[gid];
    batch.pacing = { live };
    batch.followed = followed;
    return batch;
  }

  /** The day's game ids from `/v1/score/{date}` (the North American date), of the followed teams. */
  private async discover(ctx: PollContext, skipped: AdapterSkip[], prev: NhlState): Promise<string[]> {
    const date = new Date(ctx.now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    const res = await ctx.http.getJson(`${this.settings.baseUrl}/v1/score/${date}`);
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
