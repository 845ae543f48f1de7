/**
 * The `opendota` source adapter: api.opendota.com (docs/adapters.md "opendota"). Each poll:
 *
 * 1. which games: OPENDOTA_MATCH_IDS when set, else discovery — `GET /api/live` (top live games)
 *    and `GET /api/proMatches` (recent pro games) — filtered by OPENDOTA_TEAMS (team names, any
 *    case), plus every game followed before that is not over yet (one that drops out of /live
 *    is still read until its result);
 * 2. `GET /api/matches/{id}` for every followed game not finished yet (a finished, parsed game is
 *    read once more for its result, then left alone);
 * 3. the match maps to its fixture and whole event list (opendota-mapping.ts), which the kit's
 *    ledger turns into new events and corrections.
 *
 * Pacing: the live interval while a followed game is in `/live`, the idle one otherwise. State:
 * per game the ledger and whether the result went out.
 */
import { z } from 'zod';
import { PolledAdapter } from '../kit/polled-adapter';
import { diffDelivered, readLedger, type Ledger } from '../kit/ledger';
import type { AdapterBatch, AdapterSkip, PollContext } from '../types';
import { mapOpenDotaMatch, OpenDotaMatchSchema, OpenDotaProMatchSchema, openDotaSourceKey } from './opendota-mapping';

const TrackSchema = z.object({ ledger: z.unknown(), done: z.boolean(), seen: z.string() });
type Track = { ledger: Ledger; done: boolean; seen: string };
/** The adapter state: version 1 and a track per match id. */
export type OpenDotaState = { v: 1; games: Record<string, Track> };

/** Reads the state leniently: anything unreadable is "nothing seen yet". */
export function readOpenDotaState(raw: unknown): OpenDotaState {
  const games: Record<string, Track> = {};
  const r = raw as { v?: unknown; games?: unknown } | null;
  if (r?.v === 1 && r.games && typeof r.games === 'object')
    for (const [id, t] of Object.entries(r.games)) {
      const g = TrackSchema.safeParse(t);
      if (g.success) games[id] = { ...g.data, ledger: readLedger(g.data.ledger) };
    }
  return { v: 1, games };
}

const LiveGameSchema = z.object({
  match_id: z.union([z.number(), z.string()]),
  team_name_radiant: z.string().nullish(),
  team_name_dire: z.string().nullish(),
});

/** Games discovered from one list are followed at most this many per poll (the budget: one request each). */
const MAX_DISCOVERED = 10;
/** Forget a game's track this long after it was last read (finished, or gone upstream). */
const FORGET_MS = 3 * 86_400_000;

export class OpenDotaAdapter extends PolledAdapter {
  readonly name = 'opendota';

  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const prev = readOpenDotaState(ctx.state);
    const next: OpenDotaState = { v: 1, games: { ...prev.games } };
    const skipped: AdapterSkip[] = [];
    const batch: AdapterBatch = { fixtures: [], events: [], state: next, skipped };
    const base = `${this.baseUrl}/api`;
    const live = new Set<string>();
    let ids = this.settings.gameIds;
    if (!ids.length) {
      const found = new Set<string>();
      const l = await ctx.http.getJson(`${base}/live`);
      if (l.status === 200 || l.status === 304)
        (Array.isArray(l.body) ? l.body : []).forEach((raw, i) => {
          const g = LiveGameSchema.safeParse(raw);
          if (!g.success) skipped.push({ item: `live[${i}]`, reason: g.error.issues[0]?.message ?? 'invalid' });
          else if (this.wanted(g.data.team_name_radiant, g.data.team_name_dire)) {
            live.add(String(g.data.match_id));
            found.add(String(g.data.match_id));
          }
        });
      else skipped.push({ item: 'live', reason: `HTTP ${l.status}` });
      const p = await ctx.http.getJson(`${base}/proMatches`);
      if (p.status === 200 || p.status === 304)
        (Array.isArray(p.body) ? p.body : []).slice(0, MAX_DISCOVERED).forEach((raw, i) => {
          const g = OpenDotaProMatchSchema.safeParse(raw);
          if (!g.success) skipped.push({ item: `proMatches[${i}]`, reason: g.error.issues[0]?.message ?? 'invalid' });
          else if (this.wanted(g.data.radiant_name, g.data.dire_name)) found.add(String(g.data.match_id));
        });
      else skipped.push({ item: 'proMatches', reason: `HTTP ${p.status}` });
      // A game followed before and not over yet stays followed when it drops out of both lists
      // (off the top of /live, not yet in /proMatches): its result would be lost otherwise.
      for (const [id, t] of Object.entries(prev.games)) if (!t.done) found.add(id);
      ids = [...found];
    }
    let followed = 0;
    for (const id of ids) {
      const track = next.games[id];
      if (track?.done) continue;
      const res = await ctx.http.getJson(`${base}/matches/${id}`);
      if (res.status !== 200 && res.status !== 304) {
        skipped.push({ item: `match ${id}`, reason: `HTTP ${res.status}` });
        continue;
      }
      const parsed = OpenDotaMatchSchema.safeParse(res.body);
      if (!parsed.success || String(parsed.data.match_id) !== id) {
        skipped.push({
          item: `match ${id}`,
          reason: parsed.success
            ? `answered match ${parsed.data.match_id}`
            : (parsed.error.issues[0]?.message ?? 'invalid'),
        });
        continue;
      }
      followed += 1;
      const mapped = mapOpenDotaMatch(parsed.data);
      const diff = diffDelivered(track?.ledger ?? { sent: {} }, mapped.events, { complete: true, source: this.name });
      const at = ctx.now.toISOString();
      batch.fixtures.push(mapped.fixture);
      batch.events.push(...diff.events.map((event) => ({ source_key: openDotaSourceKey(id), event, occurred_at: at })));
      skipped.push(...mapped.skipped);
      next.games[id] = { ledger: diff.ledger, done: mapped.over, seen: at };
    }
    for (const [id, t] of Object.entries(next.games))
      if (ctx.now.getTime() - Date.parse(t.seen) > FORGET_MS) delete next.games[id];
    batch.pacing = { live: live.size > 0 || Object.values(next.games).some((t) => !t.done) };
    batch.followed = followed;
    return batch;
  }

  /** True when OPENDOTA_TEAMS is unset or names either team (any case). */
  private wanted(...names: (string | null | undefined)[]): boolean {
    const want = this.settings.teams;
    return !want.length || names.some((n) => n != null && want.includes(n.toUpperCase()));
  }
}
