/**
 * Sample golf data (golf has no open dataset): a fictional tour of stroke-play tournaments with
 * full hole-by-hole timelines, generated deterministically (a seeded linear congruential
 * generator; no Math.random). Every timeline is accepted by lib/golf/rules.ts and ends with the
 * `result` event; the sandbox shows these fixtures labelled as sample data.
 *
 * Fixture model (docs/sports/golf.md): home_team = tournament name, away_team = "Field";
 * result { home: 0, away: 0, winner: null, detail: GolfResultDetail }.
 * Tournaments: 8 players from "Sample Player 1"…"Sample Player 10", 4 rounds on a par-72 course,
 * a cut after round 2 (the 6 best and ties), one withdrawal in round 3 of the second event and a
 * two-player playoff in the third; a fourth event is scheduled.
 */
import { leaderboard, replayEvents } from '../golf/rules';
import type { GolfResultDetail } from '../golf/types';
import type { ImportedSportMatch, SportEvent } from '../rules/contract';

/** Pars of holes 1–18 of the sample course (36 + 36 = 72). */
export const SAMPLE_GOLF_PARS: readonly number[] = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];

interface Plan {
  slug: string;
  name: string;
  kickoff: string;
  seed: number;
  /** Player numbers (1–10) in the field. */
  field: number[];
  /** Withdrawal: field index and the holes of round 3 he completes first. */
  withdraw?: { index: number; after: number };
  playoff?: boolean;
}

const PLANS: Plan[] = [
  {
    slug: 'sample-classic',
    name: 'Sample Classic',
    kickoff: '2024-03-07T08:00:00Z',
    seed: 11,
    field: [1, 2, 3, 4, 5, 6, 7, 8],
  },
  {
    slug: 'sample-open',
    name: 'Sample Open',
    kickoff: '2024-04-04T08:00:00Z',
    seed: 23,
    field: [3, 4, 5, 6, 7, 8, 9, 10],
    withdraw: { index: 2, after: 9 },
  },
  {
    slug: 'sample-championship',
    name: 'Sample Championship',
    kickoff: '2024-05-02T08:00:00Z',
    seed: 37,
    field: [1, 2, 4, 6, 7, 8, 9, 10],
    playoff: true,
  },
];
const SCHEDULED = { slug: 'sample-invitational', name: 'Sample Invitational', kickoff: '2024-06-06T08:00:00Z' };

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Strokes relative to par for one hole, from a uniform draw in [0, 1). */
function holeDelta(u: number): number {
  return u < 0.03 ? -2 : u < 0.22 ? -1 : u < 0.78 ? 0 : u < 0.95 ? 1 : 2;
}

/**
 * Strokes[player][round][hole] for a plan, with the cut, the winner and any playoff tie settled;
 * `wd` = field index of the player who withdraws (the planned one, or the next who made the cut).
 */
function scorecards(p: Plan): { cards: number[][][]; cut: number[]; cutLine: number; wd: number | null } {
  let seed = p.seed;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cards = p.field.map(() => [0, 1, 2, 3].map(() => SAMPLE_GOLF_PARS.map((par) => par + holeDelta(next()))));
  const toPar = (i: number, rounds: number) => sum(cards[i].slice(0, rounds).flat()) - 72 * rounds;
  const after2 = p.field.map((_, i) => toPar(i, 2)).sort((a, b) => a - b);
  const cutLine = after2[5];
  const cut = p.field.map((_, i) => i).filter((i) => toPar(i, 2) > cutLine);
  const wd = p.withdraw ? p.field.map((_, i) => i).find((i) => i >= p.withdraw!.index && !cut.includes(i))! : null;
  const contenders = p.field.map((_, i) => i).filter((i) => !cut.includes(i) && i !== wd);
  contenders.sort((a, b) => toPar(a, 4) - toPar(b, 4) || a - b);
  const [lead, second] = contenders;
  const last = (i: number) => cards[i][3];
  if (p.playoff) {
    // Bogey the leader's back nine until the runner-up is level.
    for (let h = 17; h >= 0 && toPar(lead, 4) < toPar(second, 4); h--) last(lead)[h] += 1;
    last(lead)[17] += toPar(second, 4) - toPar(lead, 4);
  } else {
    for (const i of contenders.slice(1)) if (toPar(i, 4) === toPar(lead, 4)) last(i)[17] += 1;
  }
  return { cards, cut, cutLine, wd };
}

/** One tournament's ImportedSportMatch with its full timeline. */
function tournament(p: Plan): ImportedSportMatch {
  const key = `sample/golf/2024/${p.slug}`;
  const events: SportEvent[] = [];
  const add = (type: string, detail: Record<string, unknown> = {}, extra: Partial<SportEvent> = {}) =>
    events.push({
      event_id: `${key}/${events.length + 1}`,
      type,
      side: null,
      player: null,
      minute: null,
      period: null,
      clock_seconds: null,
      detail,
      ...extra,
    });
  const names = p.field.map((n) => `Sample Player ${n}`);
  const { cards, cut, cutLine, wd } = scorecards(p);
  const out = (i: number) => cut.includes(i) || i === wd;
  for (let r = 0; r < 4; r++) {
    add('round_start', r === 0 ? { players: names } : {}, { period: `round_${r + 1}` });
    for (let h = 0; h < 18; h++) {
      names.forEach((player, i) => {
        if (r >= 2 && cut.includes(i)) return;
        if (r === 2 && i === wd && h === p.withdraw!.after) add('withdrawal', {}, { player });
        if (r >= 2 && i === wd && (r > 2 || h >= p.withdraw!.after)) return;
        add('hole_completed', { hole: h + 1, strokes: cards[i][r][h], par: SAMPLE_GOLF_PARS[h] }, { player });
      });
    }
    add('round_end', {}, { period: `round_${r + 1}` });
    if (r === 1) add('cut', { cut_line: cutLine });
  }
  const best = Math.min(...names.map((_, i) => (out(i) ? Infinity : sum(cards[i].flat()))));
  const leaders = names.filter((_, i) => !out(i) && sum(cards[i].flat()) === best);
  if (p.playoff) {
    add('round_start', { players: leaders }, { period: 'playoff' });
    leaders.forEach((player, i) => add('hole_completed', { hole: 18, strokes: i === 0 ? 4 : 5, par: 4 }, { player }));
    add('round_end', {}, { period: 'playoff' });
  }
  add('result', { winner: leaders[0] });
  const board = leaderboard(replayEvents(events));
  const detail: GolfResultDetail = {
    winner: leaders[0],
    to_par: best - 288,
    total_strokes: best,
    leaderboard: board.map(({ position, player, status, to_par, strokes }) => ({
      position,
      player,
      status,
      to_par,
      strokes,
    })),
  };
  return { ...base(p, key), status: 'finished', result: { home: 0, away: 0, winner: null, detail }, events };
}

function base(p: { name: string; kickoff: string }, key: string) {
  return {
    sport: 'golf' as const,
    source: 'sample',
    source_key: key,
    competition: 'sample-golf-tour',
    competition_name: 'Sample Golf Tour (sample data)',
    season: '2024',
    round: null,
    group: null,
    venue: 'Sample Links',
    kickoff: p.kickoff,
    home_team: p.name,
    away_team: 'Field',
    stats: null,
  };
}

/**
 * The sample golf fixtures: three finished tournaments with full timelines (in kickoff order),
 * then one scheduled. Kickoff = the first tee time of round 1, UTC. Deterministic: every call
 * returns equal values (fresh objects).
 */
export function sampleGolfMatches(): ImportedSportMatch[] {
  const key = `sample/golf/2024/${SCHEDULED.slug}`;
  return [...PLANS.map(tournament), { ...base(SCHEDULED, key), status: 'scheduled', result: null, events: [] }];
}
