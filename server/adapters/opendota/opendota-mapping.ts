/**
 * OpenDota (`https://api.opendota.com/api`) → Scoreline esports (docs/adapters.md "opendota"):
 * a Dota 2 game is one esports fixture (lib/esports/types.ts "Dota 2"), its league the tournament.
 * Pure.
 *
 * | upstream | Scoreline |
 * |---|---|
 * | `/matches/{id}`: `start_time`, `leagueid` + `league.name`, `radiant_team` / `dire_team` | fixture: kickoff, competition `opendota-<leagueid>` named after the league, home = Radiant, away = Dire |
 * | `players[].kills_log[]` (time, victim hero) | `kill` (side = the killer's team, detail.time = game seconds), in time order |
 * | `radiant_gold_adv[]` (Radiant's net-worth lead at minute i) | `gold_lead` {lead, time: 60·i} per minute; an entry that is not an integer within ±500,000 is skipped, at most 4 hours |
 * | `objectives[]` `building_kill` (`npc_dota_goodguys_tower1_bot`, …) | `building_destroyed` (side = the team that did not own it; tower / barracks / ancient) |
 * | `objectives[]` `CHAT_MESSAGE_ROSHAN_KILL` (team 2 Radiant, 3 Dire) | `roshan_killed` |
 * | `duration`, `radiant_win` (once the game is over) | `map_end` {winner}, `result` {winner, home: radiant_score, away: dire_score} |
 * | `players[]`: kills, deaths, assists | fixture stats per side: kills, deaths, assists (team totals) |
 * | `players[]`: name / personaname, hero_id (+ its name, lib/esports/dota-heroes.ts), kills, deaths, assists, gold_per_min, xp_per_min, last_hits, denies (once the game is over) | `box_score` {players: lines} ({@link openDotaPlayerLines}), before `map_end`: the player statistics |
 * | `/proMatches[]` and `/live[]` | the match ids to follow (league filter), live kills from `/live` |
 *
 * Event ids: `opendota:<match_id>:<kind>:<n>` — from upstream identity (the n-th kill of the log
 * in time order, the objective's index), so re-polls are idempotent.
 */
import { z } from 'zod';
import { dotaHeroName } from '@/lib/esports/dota-heroes';
import { DOTA_MAX_GAME_SECONDS, DOTA_MAX_GOLD_LEAD, type DotaPlayerLine } from '@/lib/esports/types';
import type { FeedEvent } from '@/lib/match/state';
import { feedEvent } from '../kit/ledger';
import type { AdapterSkip, AdapterSportFixture } from '../types';

const team = z.object({ team_id: z.number().optional(), name: z.string().nullish(), tag: z.string().nullish() });
const player = z.object({
  player_slot: z.number(),
  isRadiant: z.boolean().optional(),
  hero_id: z.number().nullish(),
  name: z.string().nullish(),
  personaname: z.string().nullish(),
  kills: z.number().nullish(),
  deaths: z.number().nullish(),
  assists: z.number().nullish(),
  gold_per_min: z.number().nullish(),
  xp_per_min: z.number().nullish(),
  last_hits: z.number().nullish(),
  denies: z.number().nullish(),
  kills_log: z.array(z.object({ time: z.number(), key: z.string() })).nullish(),
});

/** `GET /api/matches/{match_id}`, the parts Scoreline reads (unknown keys pass). */
export const OpenDotaMatchSchema = z.object({
  match_id: z.number().int(),
  start_time: z.number().int(),
  duration: z.number().int().nullish(),
  radiant_win: z.boolean().nullish(),
  radiant_score: z.number().int().nullish(),
  dire_score: z.number().int().nullish(),
  leagueid: z.number().int().nullish(),
  league: z.object({ name: z.string() }).nullish(),
  radiant_team: team.nullish(),
  dire_team: team.nullish(),
  objectives: z.array(z.record(z.string(), z.unknown())).nullish(),
  /** Radiant's net-worth lead per minute (index = minute); entries are checked one by one in {@link mapOpenDotaMatch}. */
  radiant_gold_adv: z.array(z.unknown()).nullish(),
  players: z.array(player).default([]),
});
export type OpenDotaMatch = z.infer<typeof OpenDotaMatchSchema>;

/** One entry of `GET /api/proMatches`. */
export const OpenDotaProMatchSchema = z.object({
  match_id: z.number().int(),
  start_time: z.number().int(),
  duration: z.number().int().nullish(),
  leagueid: z.number().int().nullish(),
  league_name: z.string().nullish(),
  radiant_name: z.string().nullish(),
  dire_name: z.string().nullish(),
  radiant_score: z.number().int().nullish(),
  dire_score: z.number().int().nullish(),
  radiant_win: z.boolean().nullish(),
});
export type OpenDotaProMatch = z.infer<typeof OpenDotaProMatchSchema>;

/** The fixture's upstream key. */
export const openDotaSourceKey = (matchId: number | string) => `opendota/${matchId}`;

/** Competition slug and name of a league (`opendota-9870`, "The International 2018"). */
export function openDotaLeague(id: number | null | undefined, name: string | null | undefined) {
  return { slug: `opendota-${id ?? 0}`, name: name?.trim() || `Dota 2 league ${id ?? 0}` };
}

const teamName = (t: z.infer<typeof team> | null | undefined, fallback: string) =>
  t?.name?.trim() || t?.tag?.trim() || fallback;
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const radiant = (p: z.infer<typeof player>) => p.isRadiant ?? p.player_slot < 128;

/** `npc_dota_goodguys_tower1_bot` → owner radiant, building tower; `…_melee_rax_mid` → barracks; `…_fort` → ancient. */
export function buildingOf(key: string): { owner: 'radiant' | 'dire'; building: string } | null {
  const m = /^npc_dota_(goodguys|badguys)_(.+)$/.exec(key);
  if (!m) return null;
  const rest = m[2];
  const building = /^tower/.test(rest) ? 'tower' : /rax/.test(rest) ? 'barracks' : rest === 'fort' ? 'ancient' : rest;
  return { owner: m[1] === 'goodguys' ? 'radiant' : 'dire', building };
}

/** Minutes of `radiant_gold_adv` read at most: the rules' longest game clock (4 hours; bounds a bad upstream list). */
const MAX_GOLD_MINUTES = DOTA_MAX_GAME_SECONDS / 60 + 1;
/** Earliest game time a kill may carry, seconds (the pre-game before the horn is 90 s; a strategy phase may precede it). */
const PRE_GAME_SECONDS = -600;

/** What one `/matches/{id}` maps to. */
export interface MappedOpenDotaMatch {
  fixture: AdapterSportFixture;
  /** Every event the upstream shows now, in application order. */
  events: FeedEvent[];
  skipped: AdapterSkip[];
  /** True once `radiant_win` is known (the game is over and parsed). */
  over: boolean;
}

/**
 * Maps a parsed match to the fixture, its statistics and its whole event list up to `untilSeconds`
 * of game time (default: all of it; a local upstream cuts a recording into successive states
 * this way). `map_end` and `result` come only when the game is over (`radiant_win` set) and the
 * cut reaches its `duration`.
 */
export function mapOpenDotaMatch(m: OpenDotaMatch, untilSeconds = Number.POSITIVE_INFINITY): MappedOpenDotaMatch {
  const id = m.match_id;
  const skipped: AdapterSkip[] = [];
  const league = openDotaLeague(m.leagueid, m.league?.name);
  const home = teamName(m.radiant_team, 'Radiant');
  const away = teamName(m.dire_team, 'Dire');
  const side = (isRadiant: boolean): 'home' | 'away' => (isRadiant ? 'home' : 'away');
  const sum = (r: boolean, k: 'kills' | 'deaths' | 'assists') =>
    m.players.filter((p) => radiant(p) === r).reduce((a, p) => a + (p[k] ?? 0), 0);
  const fixture: AdapterSportFixture = {
    sport: 'esports',
    source_key: openDotaSourceKey(id),
    competition: league.slug,
    competition_name: league.name,
    season: iso(m.start_time).slice(0, 4),
    round: null,
    group: null,
    venue: null,
    kickoff: iso(m.start_time),
    home_team: home,
    away_team: away,
    stats: {
      home: { kills: sum(true, 'kills'), deaths: sum(true, 'deaths'), assists: sum(true, 'assists') },
      away: { kills: sum(false, 'kills'), deaths: sum(false, 'deaths'), assists: sum(false, 'assists') },
    },
  };
  const timed: { at: number; order: number; event: FeedEvent }[] = [];
  timed.push({
    at: Number.NEGATIVE_INFINITY,
    order: 0,
    event: feedEvent(`opendota:${id}:start`, 'map_start', {
      period: 'map_1',
      detail: { map: 'Dota 2', game: 'dota2', best_of: 1 },
    }),
  });
  const kills = m.players.flatMap((p) =>
    (p.kills_log ?? []).map((k) => ({ at: k.time, side: side(radiant(p)), killer: p.player_slot, victim: k.key })),
  );
  kills.sort((a, b) => a.at - b.at || a.killer - b.killer || a.victim.localeCompare(b.victim));
  kills.forEach((k, n) => {
    // Kills before the horn (negative game time, the ~90 s pre-game) count at 0:00.
    const time = k.at >= PRE_GAME_SECONDS && k.at <= DOTA_MAX_GAME_SECONDS ? Math.max(0, k.at) : undefined;
    if (time === undefined) skipped.push({ item: `match ${id} kill ${n}`, reason: `game time ${k.at} out of range` });
    timed.push({
      at: k.at,
      order: 1,
      event: feedEvent(`opendota:${id}:kill:${n}`, 'kill', {
        side: k.side,
        period: 'map_1',
        detail: time === undefined ? { victim: k.victim } : { victim: k.victim, time },
      }),
    });
  });
  const gold = m.radiant_gold_adv ?? [];
  gold.slice(0, MAX_GOLD_MINUTES).forEach((lead, minute) => {
    if (!Number.isInteger(lead) || Math.abs(lead as number) > DOTA_MAX_GOLD_LEAD) {
      skipped.push({ item: `match ${id} radiant_gold_adv[${minute}]`, reason: `not a gold lead: ${String(lead)}` });
      return;
    }
    timed.push({
      at: minute * 60,
      order: 3,
      event: feedEvent(`opendota:${id}:gold:${minute}`, 'gold_lead', {
        period: 'map_1',
        detail: { lead: lead as number, time: minute * 60 },
      }),
    });
  });
  if (gold.length > MAX_GOLD_MINUTES)
    skipped.push({
      item: `match ${id} radiant_gold_adv`,
      reason: `${gold.length} minutes; read the first ${MAX_GOLD_MINUTES}`,
    });
  (m.objectives ?? []).forEach((o, n) => {
    const at = typeof o.time === 'number' ? o.time : null;
    if (at === null) return;
    if (o.type === 'building_kill' && typeof o.key === 'string') {
      const b = buildingOf(o.key);
      if (!b) {
        skipped.push({ item: `match ${id} objectives[${n}]`, reason: `unknown building ${o.key}` });
        return;
      }
      if (b.building === 'ancient') return; // the game's end, below
      timed.push({
        at,
        order: 2,
        event: feedEvent(`opendota:${id}:objective:${n}`, 'building_destroyed', {
          side: b.owner === 'radiant' ? 'away' : 'home',
          period: 'map_1',
          detail: { building: b.building, key: o.key },
        }),
      });
    } else if (o.type === 'CHAT_MESSAGE_ROSHAN_KILL' && (o.team === 2 || o.team === 3)) {
      timed.push({
        at,
        order: 2,
        event: feedEvent(`opendota:${id}:objective:${n}`, 'roshan_killed', {
          side: o.team === 2 ? 'home' : 'away',
          period: 'map_1',
        }),
      });
    }
  });
  const over = typeof m.radiant_win === 'boolean' && untilSeconds >= (m.duration ?? 0);
  const events = timed
    .filter((t) => t.at <= untilSeconds)
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map((t) => t.event);
  if (over) {
    const winner = m.radiant_win ? 'home' : 'away';
    const players = openDotaPlayerLines(m);
    if (players.length)
      events.push(feedEvent(`opendota:${id}:box_score`, 'box_score', { period: 'map_1', detail: { players } }));
    events.push(feedEvent(`opendota:${id}:end`, 'map_end', { period: 'map_1', detail: { winner } }));
    events.push(
      feedEvent(`opendota:${id}:result`, 'result', {
        detail: { winner, home: m.radiant_score ?? sum(true, 'kills'), away: m.dire_score ?? sum(false, 'kills') },
      }),
    );
  }
  return { fixture, events, skipped, over };
}

/**
 * Per-player lines of a match (lib/esports/types.ts DotaPlayerLine: K/D/A, GPM/XPM, hero id and name, last
 * hits, denies), in the upstream's order (Radiant, then Dire). The player is the pro name
 * (`name`), else the account's `personaname`, else `slot <n>`; a missing K/D/A counts 0.
 */
export function openDotaPlayerLines(m: OpenDotaMatch): DotaPlayerLine[] {
  return m.players.map((p) => ({
    side: radiant(p) ? ('home' as const) : ('away' as const),
    player: p.name?.trim() || p.personaname?.trim() || `slot ${p.player_slot}`,
    hero_id: p.hero_id ?? null,
    hero: dotaHeroName(p.hero_id),
    kills: p.kills ?? 0,
    deaths: p.deaths ?? 0,
    assists: p.assists ?? 0,
    gold_per_min: p.gold_per_min ?? null,
    xp_per_min: p.xp_per_min ?? null,
    last_hits: p.last_hits ?? null,
    denies: p.denies ?? null,
  }));
}
