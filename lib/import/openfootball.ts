import { z } from 'zod';
import type { SourceEvent } from '@/lib/match/events';
import type { FootballPeriod, MatchResult, Side } from '../football/types';
import { ImportError } from './errors';
import { localKickoffToUtc } from './kickoff';
import type { ImportedMatch } from './types';

/*
 * openfootball JSON (CC0): github.com/openfootball/football.json, worldcup.json, euro.json.
 * See docs/data-formats.md "openfootball football.json" and "worldcup.json / euro.json".
 */

const pair = z.tuple([z.number().int(), z.number().int()]);
const goalSchema = z.object({
  name: z.string(),
  minute: z.number().int(),
  offset: z.number().int().optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});
const teamSchema = z.union([z.string(), z.object({ name: z.string() })]);
const matchSchema = z.object({
  round: z.string().optional(),
  group: z.string().optional(),
  ground: z.string().optional(),
  date: z.string(),
  time: z.string().optional(),
  team1: teamSchema,
  team2: teamSchema,
  score: z.object({ ht: pair.optional(), ft: pair.optional(), et: pair.optional(), p: pair.optional() }).optional(),
  status: z.string().optional(),
  goals1: z.array(goalSchema).optional(),
  goals2: z.array(goalSchema).optional(),
});
const flatSchema = z.object({ name: z.string().optional(), matches: z.array(matchSchema) });
const roundsSchema = z.object({
  name: z.string().optional(),
  rounds: z.array(z.object({ name: z.string(), matches: z.array(matchSchema) })),
});
type OfMatch = z.infer<typeof matchSchema>;
type OfGoal = z.infer<typeof goalSchema>;

/** Options of {@link parseOpenfootball}. */
export interface OpenfootballOptions {
  /** Catalogue competition slug, e.g. `premier-league`, `world-cup`. */
  competition: string;
  /** Season label, e.g. `2023-24` or `2022`. */
  season: string;
  /** IANA zone of the local kick-off times, e.g. `Europe/London`, `Asia/Qatar`. */
  timezone: string;
  /** First segment of source_key, normally the file's base name: `en.1`, `worldcup`, `euro`. */
  sourceName: string;
}

/** Playing period a goal minute falls in (≤45 1st half, ≤90 2nd, ≤105 ET1, else ET2). */
export function periodOfMinute(minute: number): FootballPeriod {
  if (minute <= 45) return '1st_half';
  if (minute <= 90) return '2nd_half';
  if (minute <= 105) return 'extra_time_1st';
  return 'extra_time_2nd';
}

/**
 * Match clock of an openfootball goal, in seconds: the middle of the displayed minute,
 * `((minute - 1 + stoppage) * 60 + 30)` (openfootball records whole minutes only).
 */
export function goalClockSeconds(minute: number, stoppage: number | null): number {
  return (minute - 1 + (stoppage ?? 0)) * 60 + 30;
}

function teamName(t: OfMatch['team1']): string {
  return typeof t === 'string' ? t : t.name;
}

function goalEvents(m: OfMatch, sourceKey: string): SourceEvent[] {
  const tagged: { side: Side; g: OfGoal }[] = [
    ...(m.goals1 ?? []).map((g) => ({ side: 'home' as const, g })),
    ...(m.goals2 ?? []).map((g) => ({ side: 'away' as const, g })),
  ];
  // Upstream lists are per team and not sorted (2022 final: Messi 23', 108', Di María 36').
  tagged.sort((a, b) => a.g.minute - b.g.minute || (a.g.offset ?? 0) - (b.g.offset ?? 0));
  const seen = new Map<string, number>();
  return tagged.map(({ side, g }) => {
    const stoppage = g.offset ?? null;
    let id = `${sourceKey}#goal:${side}:${g.minute}+${stoppage ?? 0}:${g.name}`;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id += `:${n}`;
    const detail: Record<string, unknown> = {};
    if (g.penalty) detail.penalty = true;
    if (g.owngoal) detail.own_goal = true;
    return {
      event_id: id,
      type: 'goal',
      side,
      player: g.name,
      minute: g.minute,
      stoppage,
      period: periodOfMinute(g.minute),
      clock_seconds: goalClockSeconds(g.minute, stoppage),
      detail,
    };
  });
}

function shootoutEvent(p: [number, number], sourceKey: string, after: SourceEvent[]): SourceEvent {
  const lastClock = after.reduce((mx, e) => Math.max(mx, e.clock_seconds ?? 0), 0);
  return {
    event_id: `${sourceKey}#shootout`,
    type: 'shootout',
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period: 'penalties',
    clock_seconds: Math.max(120 * 60, lastClock + 30),
    detail: { home: p[0], away: p[1] },
  };
}

function statusOf(m: OfMatch): ImportedMatch['status'] {
  if (m.score?.ft) return 'finished';
  return /postpon|cancel|abandon/i.test(m.status ?? '') ? 'postponed' : 'scheduled';
}

function toImported(m: OfMatch, round: string | null, opts: OpenfootballOptions): ImportedMatch {
  const home = teamName(m.team1);
  const away = teamName(m.team2);
  const sourceKey = `${opts.sourceName}/${opts.season}/${m.date}/${home}/${away}`;
  const status = statusOf(m);
  const s = m.score ?? {};
  const result: MatchResult | null = s.ft ? { ht: s.ht ?? null, ft: s.ft, et: s.et ?? null, p: s.p ?? null } : null;
  const events = result ? goalEvents(m, sourceKey) : [];
  if (result?.p) events.push(shootoutEvent(result.p, sourceKey, events));
  let kickoff: string;
  try {
    kickoff = localKickoffToUtc(m.date, m.time, opts.timezone);
  } catch (e) {
    throw new ImportError(`openfootball ${sourceKey}: ${(e as Error).message}`, { cause: e });
  }
  return {
    source: 'openfootball',
    source_key: sourceKey,
    competition: opts.competition,
    season: opts.season,
    round: m.round ?? round,
    group: m.group ?? null,
    venue: m.ground ?? null,
    kickoff,
    home_team: home,
    away_team: away,
    status,
    result,
    events,
    lineups: null,
    odds: [],
    stats: null,
  };
}

/**
 * Parses one openfootball JSON file into matches. Accepts the three upstream layouts:
 * football.json league seasons `{name, matches[{round,date,time,team1,team2,score{ht,ft}}]}`,
 * worldcup.json (flat `matches[]` with `group`, `ground`, `goals1`/`goals2`, score `et`/`p`),
 * and the older euro.json `{name, rounds[{name, matches[{team1:{name,code},…}]}]}`.
 *
 * - kickoff: `date` + `time` in `opts.timezone` → ISO UTC with Z; an explicit `UTC+3` in the
 *   time wins over the zone; a missing time means 12:00 local (lib/import/kickoff.ts).
 * - status: `score.ft` present → finished; otherwise `postponed` when the match `status` says
 *   postponed/cancelled/abandoned, else `scheduled` (result null, no events). The upstream
 *   `status: "awarded"` (score set at the table) stays `finished` with the awarded score.
 * - result `{ht, ft, et, p}`: ft = after 90 minutes, et = after extra time, p = shoot-out.
 * - events: one `goal` per goals1 (home) / goals2 (away) entry (own goals are listed under the
 *   credited team; detail.own_goal / detail.penalty set when flagged), sorted by
 *   (minute, offset); minute 90 offset 9 → minute 90, stoppage 9; clock_seconds is mid-minute,
 *   see {@link goalClockSeconds}. A shoot-out (`score.p`) adds one `shootout` event last,
 *   detail {home, away}. No period events are produced.
 * - source_key `${sourceName}/${season}/${date}/${team1}/${team2}` (source spellings).
 * @param json parsed JSON of the file
 * @throws ImportError when the JSON matches none of the layouts or a date/time is malformed.
 */
export function parseOpenfootball(json: unknown, opts: OpenfootballOptions): ImportedMatch[] {
  const obj = (json ?? {}) as Record<string, unknown>;
  const schema = Array.isArray(obj.matches) ? flatSchema : Array.isArray(obj.rounds) ? roundsSchema : null;
  if (!schema) throw new ImportError('not an openfootball JSON file (no top-level "matches" or "rounds" array)');
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(`invalid openfootball JSON at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const file = parsed.data;
  if ('matches' in file) return file.matches.map((m) => toImported(m, null, opts));
  return file.rounds.flatMap((r) => r.matches.map((m) => toImported(m, r.name, opts)));
}
