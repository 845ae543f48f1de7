/**
 * Player categories counted straight from events naming a player, for the sports without a
 * statistics module: basketball, ice hockey, rugby (event types of lib/<sport>/types.ts), and
 * golf, MMA, esports (generic: events per player and type). Pure, no I/O. Callers pass finished
 * matches of the sport. Lines per (player, team); team = the name of the event's side.
 */
import type { BoxScoreLine } from '../basketball/types';
import { PENALTY_MINUTES, type IceHockeyBoxLine } from '../ice-hockey/types';
import { RUGBY_POINTS } from '../rugby/types';
import { PLAYER_CATEGORIES } from './categories';
import { byName, PlayerTally, ratio, toCategory } from './rows';
import { teamOf } from './adapt';
import type { PlayerCategory, StatsEvent, StatsMatch } from './types';

/** Calls `f` for every event with a player, with the team name of its side (null side → null). */
function eachPlayerEvent(
  matches: readonly StatsMatch[],
  f: (e: StatsEvent & { player: string }, team: string | null, m: StatsMatch) => void,
): void {
  for (const m of matches)
    for (const e of m.events) if (e.player) f(e as StatsEvent & { player: string }, teamOf(m, e.side), m);
}

/** The lines of the latest `box_score` event of a match (basketball BoxScoreLine, ice hockey IceHockeyBoxLine), or null. */
function latestBoxScore<L>(m: StatsMatch): L[] | null {
  for (let i = m.events.length - 1; i >= 0; i--) {
    const e = m.events[i];
    if (e.type === 'box_score' && Array.isArray(e.detail.players)) return e.detail.players as L[];
  }
  return null;
}

const BOX_ONLY = ['seconds', 'rebounds', 'assists', 'steals', 'blocks', 'turnovers'] as const;

/**
 * Basketball `scoring`. A game with a `box_score` event counts its latest one: each line's
 * points, rebounds, assists, steals, blocks, turnovers, FG/3P/FT made and attempted, fouls and
 * seconds played as the source published them. A game without one counts its events:
 * `field_goal` {points 2|3, made (default true)}, `free_throw` {made}, `foul` (any kind) per
 * player; points = 2/3 per made field goal + 1 per made free throw (NBA scoring).
 * MIN (minutes, 1 decimal), REB, AST, STL, BLK and TO are null for a player none of whose games
 * had a box score. Order: points desc, then name. Lines with no counted event are not listed.
 * Throws nothing.
 */
export function basketballPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const t = new PlayerTally(() => ({
    points: 0,
    fgm: 0,
    fga: 0,
    tpm: 0,
    tpa: 0,
    ftm: 0,
    fta: 0,
    fouls: 0,
    seconds: 0,
    rebounds: 0,
    assists: 0,
    steals: 0,
    blocks: 0,
    turnovers: 0,
    box_games: 0,
  }));
  const fromEvents: StatsMatch[] = [];
  for (const m of matches) {
    const box = latestBoxScore<BoxScoreLine>(m);
    if (!box) {
      fromEvents.push(m);
      continue;
    }
    for (const b of box) {
      if (typeof b.player !== 'string' || (b.side !== 'home' && b.side !== 'away')) continue;
      const l = t.get(b.player, teamOf(m, b.side));
      for (const k of ['points', 'fgm', 'fga', 'tpm', 'tpa', 'ftm', 'fta', 'fouls', ...BOX_ONLY] as const)
        l[k] += typeof b[k] === 'number' ? b[k] : 0;
      l.box_games += 1;
    }
  }
  eachPlayerEvent(fromEvents, (e, team) => {
    if (e.type === 'field_goal') {
      const l = t.get(e.player, team);
      const three = e.detail.points === 3;
      const made = e.detail.made !== false;
      l.fga += 1;
      if (three) l.tpa += 1;
      if (made) {
        l.fgm += 1;
        l.points += three ? 3 : 2;
        if (three) l.tpm += 1;
      }
    } else if (e.type === 'free_throw') {
      const l = t.get(e.player, team);
      l.fta += 1;
      if (e.detail.made === true) {
        l.ftm += 1;
        l.points += 1;
      }
    } else if (e.type === 'foul') t.get(e.player, team).fouls += 1;
  });
  const lines = t
    .all()
    .map(({ box_games, seconds, ...l }) => {
      const boxed = box_games > 0;
      return {
        ...l,
        minutes: boxed ? Math.round(seconds / 6) / 10 : null,
        rebounds: boxed ? l.rebounds : null,
        assists: boxed ? l.assists : null,
        steals: boxed ? l.steals : null,
        blocks: boxed ? l.blocks : null,
        turnovers: boxed ? l.turnovers : null,
      };
    })
    .sort((a, b) => b.points - a.points || byName(a, b));
  return [toCategory(PLAYER_CATEGORIES.basketball[0], lines)];
}

/** An ice-hockey box line's figure, 0 when absent or not a number. */
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Ice hockey `scorers` and `goalies`. A game with a `box_score` event (lib/ice-hockey/types.ts
 * IceHockeyBoxScoreDetail) counts its latest one: each skater's goals, assists, points,
 * power-play goals, shots, penalty minutes and time on ice, each goalie's shots against, saves,
 * goals against and time on ice, as the source published them. A game without one counts its
 * events: `goal` (player = scorer; detail.assists: names, each credited an assist to a player of
 * the scoring side; detail.strength `power_play` → PPG), `shot` with on_goal not false,
 * `penalty` minutes (detail.minutes, else PENALTY_MINUTES[kind], else 2 — a minor); a goalie
 * faces the `shot`s (on goal) and `goal`s naming him in detail.goalie, for the other side.
 * points = goals + assists (NHL scoring); saves = shots against − goals against; SV% = saves /
 * shots against (3 decimals). TOI is null for a player none of whose games had a box score.
 * Orders: scorers points desc, goals desc, name; goalies saves desc, SV% desc, name. Throws nothing.
 */
export function iceHockeyPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const t = new PlayerTally(() => ({
    goals: 0,
    assists: 0,
    points: 0,
    power_play_goals: 0,
    shots: 0,
    penalty_minutes: 0,
    toi: 0,
    box_games: 0,
  }));
  const g = new PlayerTally(() => ({ games: 0, shots_against: 0, goals_against: 0, toi: 0, box_games: 0 }));
  const fromEvents: StatsMatch[] = [];
  for (const m of matches) {
    const box = latestBoxScore<IceHockeyBoxLine>(m);
    if (!box) {
      fromEvents.push(m);
      continue;
    }
    for (const b of box) {
      if (typeof b.player !== 'string' || (b.side !== 'home' && b.side !== 'away')) continue;
      const team = teamOf(m, b.side);
      if (b.position === 'G') {
        const gl = g.get(b.player, team);
        gl.box_games += 1;
        gl.toi += num(b.toi_seconds);
        if (num(b.toi_seconds) > 0 || num(b.shots_against) > 0) gl.games += 1;
        gl.shots_against += num(b.shots_against);
        gl.goals_against += num(b.goals_against);
        if (!num(b.goals) && !num(b.assists) && !num(b.pim)) continue;
      }
      const l = t.get(b.player, team);
      l.goals += num(b.goals);
      l.assists += num(b.assists);
      l.points += num(b.goals) + num(b.assists);
      l.power_play_goals += num(b.power_play_goals);
      l.shots += num(b.shots);
      l.penalty_minutes += num(b.pim);
      l.toi += num(b.toi_seconds);
      l.box_games += 1;
    }
  }
  for (const m of fromEvents) {
    const faced = new Set<string>();
    for (const e of m.events) {
      const goalie = e.detail.goalie;
      if (typeof goalie !== 'string' || !goalie || (e.side !== 'home' && e.side !== 'away')) continue;
      if (e.type !== 'goal' && !(e.type === 'shot' && e.detail.on_goal !== false)) continue;
      const team = teamOf(m, e.side === 'home' ? 'away' : 'home');
      const gl = g.get(goalie, team);
      if (!faced.has(`${team}\u0000${goalie}`)) {
        faced.add(`${team}\u0000${goalie}`);
        gl.games += 1;
      }
      if (e.type === 'goal') gl.goals_against += 1;
      else gl.shots_against += 1;
    }
  }
  eachPlayerEvent(fromEvents, (e, team) => {
    if (e.type === 'goal') {
      const l = t.get(e.player, team);
      l.goals += 1;
      l.points += 1;
      if (e.detail.strength === 'power_play') l.power_play_goals += 1;
      for (const a of Array.isArray(e.detail.assists) ? e.detail.assists : []) {
        if (typeof a !== 'string' || !a) continue;
        const al = t.get(a, team);
        al.assists += 1;
        al.points += 1;
      }
    } else if (e.type === 'shot' && e.detail.on_goal !== false) t.get(e.player, team).shots += 1;
    else if (e.type === 'penalty') {
      const kind = e.detail.kind as keyof typeof PENALTY_MINUTES;
      const mins = typeof e.detail.minutes === 'number' ? e.detail.minutes : (PENALTY_MINUTES[kind] ?? 2);
      t.get(e.player, team).penalty_minutes += mins;
    }
  });
  const minutes = (seconds: number, boxed: number) => (boxed > 0 ? Math.round(seconds / 6) / 10 : null);
  const scorers = t
    .all()
    .map(({ toi, box_games, ...l }) => ({ ...l, toi_minutes: minutes(toi, box_games) }))
    .sort((a, b) => b.points - a.points || b.goals - a.goals || byName(a, b));
  const goalies = g
    .all()
    .filter((l) => l.games > 0)
    .map(({ toi, box_games, ...l }) => {
      const saves = l.shots_against - l.goals_against;
      return {
        games: l.games,
        shots_against: l.shots_against,
        saves,
        goals_against: l.goals_against,
        save_pct: ratio(saves, l.shots_against, 3),
        toi_minutes: minutes(toi, box_games),
        player: l.player,
        team: l.team,
      };
    })
    .sort((a, b) => b.saves - a.saves || (b.save_pct ?? -1) - (a.save_pct ?? -1) || byName(a, b));
  const [scorersSpec, goaliesSpec] = PLAYER_CATEGORIES['ice-hockey'];
  return [toCategory(scorersSpec, scorers), toCategory(goaliesSpec, goalies)];
}

/**
 * Rugby `scorers` and `cards`: `try` (5), `conversion` (2), `penalty_goal` (3), `drop_goal` (3)
 * with detail.made (default true; a miss is an attempt) — values RUGBY_POINTS of
 * lib/rugby/types.ts (World Rugby Law 8); `card` {card: yellow | red}. kick_success_pct =
 * kicks made / attempted (conversions, penalty goals, drop goals), 3 decimals.
 * Orders: scorers points desc, tries desc, name; cards red desc, yellow desc, name.
 * Throws nothing.
 */
export function rugbyPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const s = new PlayerTally(() => ({
    points: 0,
    tries: 0,
    conversions: 0,
    penalty_goals: 0,
    drop_goals: 0,
    kicks_attempted: 0,
    kicks_made: 0,
  }));
  const c = new PlayerTally(() => ({ yellow: 0, red: 0 }));
  const KICKS = { conversion: 'conversions', penalty_goal: 'penalty_goals', drop_goal: 'drop_goals' } as const;
  eachPlayerEvent(matches, (e, team) => {
    if (e.type === 'try') {
      const l = s.get(e.player, team);
      l.tries += 1;
      l.points += RUGBY_POINTS.try;
    } else if (e.type in KICKS) {
      const type = e.type as keyof typeof KICKS;
      const l = s.get(e.player, team);
      l.kicks_attempted += 1;
      if (e.detail.made !== false) {
        l.kicks_made += 1;
        l[KICKS[type]] += 1;
        l.points += RUGBY_POINTS[type];
      }
    } else if (e.type === 'card' && (e.detail.card === 'yellow' || e.detail.card === 'red'))
      c.get(e.player, team)[e.detail.card] += 1;
  });
  const scorers = s
    .all()
    .map(({ kicks_made, ...l }) => ({ ...l, kick_success_pct: ratio(kicks_made, l.kicks_attempted, 3) }))
    .sort((a, b) => b.points - a.points || b.tries - a.tries || byName(a, b));
  const cards = c.all().sort((a, b) => b.red - a.red || b.yellow - a.yellow || byName(a, b));
  const [scorersSpec, cardsSpec] = PLAYER_CATEGORIES.rugby;
  return [toCategory(scorersSpec, scorers), toCategory(cardsSpec, cards)];
}

/**
 * Golf, MMA and esports `events` (read generically; their rules modules are not used here):
 * per player, matches = distinct fixtures with an event of his, events = his events, by_type =
 * per event type the sum of detail.count when a positive integer (MMA strikes, takedowns),
 * else 1 per event. The player is the event's `player`; in MMA, where a fixture's sides are the
 * fighters (docs/sports/mma.md), an event without one belongs to its side's fighter, and
 * `team` is null. Order: events desc, then name. Throws nothing.
 */
export function genericPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const lines = new Map<
    string,
    { player: string; team: string | null; fixtures: Set<number>; events: number; by_type: Record<string, number> }
  >();
  for (const m of matches) {
    const individual = m.sport === 'mma';
    for (const e of m.events) {
      const player = e.player ?? (individual ? teamOf(m, e.side) : null);
      if (!player) continue;
      const team = individual ? null : teamOf(m, e.side);
      const key = `${team ?? ''}\u0000${player}`;
      let l = lines.get(key);
      if (!l) lines.set(key, (l = { player, team, fixtures: new Set(), events: 0, by_type: {} }));
      l.fixtures.add(m.fixture_id);
      l.events += 1;
      const n = e.detail.count;
      l.by_type[e.type] = (l.by_type[e.type] ?? 0) + (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1);
    }
  }
  const rows = [...lines.values()]
    .map(({ fixtures, ...l }) => ({ ...l, matches: fixtures.size }))
    .sort((a, b) => b.events - a.events || byName(a, b));
  return [toCategory(PLAYER_CATEGORIES.golf[0], rows)];
}
