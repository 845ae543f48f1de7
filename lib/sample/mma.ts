/**
 * Sample MMA data (MMA has no open dataset): fictional bouts ("Sample Fighter 1" …) with full
 * round-by-round timelines, written out by hand below (deterministic). Every timeline is
 * accepted by lib/mma/rules.ts and ends with the `result` event; the sandbox shows these
 * fixtures labelled as sample data.
 *
 * Fixture model (docs/sports/mma.md): home_team = red corner, away_team = blue corner;
 * result { home/away: rounds won on the judges' cards, winner, detail: MmaResult }.
 * Finished: a 5-round main event won by KO after losing round 1 on the cards, a unanimous
 * decision, a first-round submission, and a split decision with a point deduction; two bouts
 * are scheduled. Every finished bout opens with `bout_info` (its card place and weight class).
 */
import type { MmaResult } from '../mma/types';
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';

/** An action in a round: [type, side, seconds left on the clock, count (strikes/takedowns)]. */
type Action = [
  type: 'knockdown' | 'significant_strike' | 'takedown' | 'point_deduction',
  side: Side,
  left: number,
  count?: number,
];
/** The three judges' scores of a round, [home, away] each, before deductions. */
type Cards = [[number, number], [number, number], [number, number]];

interface BoutPlan {
  slug: string;
  card: string;
  kickoff: string;
  red: string;
  blue: string;
  scheduled_rounds: 3 | 5;
  /** Each round fought: its actions and, when the round was completed, the judges' cards. */
  rounds: { actions: Action[]; cards?: Cards }[];
  result: MmaResult;
  /** Rounds won on the cards [home, away] (the headline score). */
  score: [number, number];
}

const JUDGES = ['Sample Judge A', 'Sample Judge B', 'Sample Judge C'];

/** Each bout's place on its card (1 = fought first, the main event last) and weight class. */
const PLACES: Record<string, { order: number; bouts: number; weight_class: string }> = {
  'sfn1-prelim-1': { order: 1, bouts: 3, weight_class: 'Flyweight' },
  'sfn1-co-main': { order: 2, bouts: 3, weight_class: 'Welterweight' },
  'sfn1-main-event': { order: 3, bouts: 3, weight_class: 'Middleweight' },
  'sfn2-main-event': { order: 1, bouts: 1, weight_class: 'Lightweight' },
};

/** The `bout_info` event placing a bout on its card (docs/sports/mma.md). */
function boutInfo(key: string, b: BoutPlan): SportEvent {
  const p = PLACES[b.slug];
  return {
    event_id: `${key}/info`,
    type: 'bout_info',
    side: null,
    player: null,
    minute: null,
    period: null,
    clock_seconds: null,
    detail: { card: b.card, card_order: p.order, card_bouts: p.bouts, weight_class: p.weight_class },
  };
}
const NIGHT_1 = 'Sample Fight Night 1';
const NIGHT_2 = 'Sample Fight Night 2';

const BOUTS: BoutPlan[] = [
  {
    slug: 'sfn1-main-event',
    card: NIGHT_1,
    kickoff: '2024-02-10T03:00:00Z',
    red: 'Sample Fighter 1',
    blue: 'Sample Fighter 2',
    scheduled_rounds: 5,
    rounds: [
      {
        actions: [
          ['significant_strike', 'away', 240, 9],
          ['takedown', 'away', 150],
          ['significant_strike', 'home', 60, 5],
        ],
        cards: [
          [9, 10],
          [9, 10],
          [9, 10],
        ],
      },
      {
        actions: [
          ['significant_strike', 'home', 200, 7],
          ['knockdown', 'home', 170],
        ],
      },
    ],
    result: { winner: 'home', method: 'KO', round: 2, time_seconds: 134 },
    score: [0, 1],
  },
  {
    slug: 'sfn1-co-main',
    card: NIGHT_1,
    kickoff: '2024-02-10T02:30:00Z',
    red: 'Sample Fighter 3',
    blue: 'Sample Fighter 4',
    scheduled_rounds: 3,
    rounds: [
      {
        actions: [
          ['takedown', 'home', 230],
          ['significant_strike', 'home', 120, 14],
        ],
        cards: [
          [10, 9],
          [10, 9],
          [10, 9],
        ],
      },
      {
        actions: [
          ['significant_strike', 'away', 180, 11],
          ['significant_strike', 'home', 40, 10],
        ],
        cards: [
          [10, 9],
          [9, 10],
          [10, 9],
        ],
      },
      {
        actions: [
          ['takedown', 'home', 270],
          ['takedown', 'home', 90],
          ['significant_strike', 'home', 10, 8],
        ],
        cards: [
          [10, 8],
          [10, 9],
          [10, 9],
        ],
      },
    ],
    result: { winner: 'home', method: 'UD', round: 3, time_seconds: 300 },
    score: [3, 0],
  },
  {
    slug: 'sfn1-prelim-1',
    card: NIGHT_1,
    kickoff: '2024-02-10T01:00:00Z',
    red: 'Sample Fighter 5',
    blue: 'Sample Fighter 6',
    scheduled_rounds: 3,
    rounds: [
      {
        actions: [
          ['significant_strike', 'home', 260, 4],
          ['takedown', 'away', 150],
        ],
      },
    ],
    result: { winner: 'away', method: 'SUB', round: 1, time_seconds: 222 },
    score: [0, 0],
  },
  {
    slug: 'sfn2-main-event',
    card: NIGHT_2,
    kickoff: '2024-03-16T03:00:00Z',
    red: 'Sample Fighter 1',
    blue: 'Sample Fighter 3',
    scheduled_rounds: 3,
    rounds: [
      {
        actions: [
          ['significant_strike', 'home', 200, 12],
          ['significant_strike', 'away', 100, 13],
        ],
        cards: [
          [10, 9],
          [9, 10],
          [9, 10],
        ],
      },
      {
        actions: [
          ['knockdown', 'home', 210],
          ['point_deduction', 'home', 120],
          ['takedown', 'away', 45],
        ],
        cards: [
          [10, 9],
          [10, 9],
          [9, 10],
        ],
      },
      {
        actions: [
          ['significant_strike', 'away', 150, 21],
          ['takedown', 'away', 30],
        ],
        cards: [
          [10, 9],
          [9, 10],
          [9, 10],
        ],
      },
    ],
    result: { winner: 'away', method: 'SD', round: 3, time_seconds: 300 },
    score: [0, 2],
  },
];

const SCHEDULED = [
  {
    slug: 'sfn3-main-event',
    card: 'Sample Fight Night 3',
    kickoff: '2024-04-20T03:00:00Z',
    red: 'Sample Fighter 2',
    blue: 'Sample Fighter 5',
  },
  {
    slug: 'sfn3-co-main',
    card: 'Sample Fight Night 3',
    kickoff: '2024-04-20T02:30:00Z',
    red: 'Sample Fighter 4',
    blue: 'Sample Fighter 6',
  },
];

/** The timeline of a bout: bout_start, each round's actions, round ends and cards, the result. */
function timeline(key: string, b: BoutPlan): SportEvent[] {
  const events: SportEvent[] = [boutInfo(key, b)];
  const push = (
    type: string,
    side: Side | null,
    period: string | null,
    clock: number | null,
    detail: Record<string, unknown> = {},
  ) =>
    events.push({
      event_id: `${key}/${events.length + 1}`,
      type,
      side,
      player: null,
      minute: null,
      period,
      clock_seconds: clock,
      detail,
    });
  push('bout_start', null, null, null, { scheduled_rounds: b.scheduled_rounds });
  b.rounds.forEach((r, i) => {
    const period = `round_${i + 1}`;
    push('round_start', null, period, 300);
    for (const [type, side, left, count] of r.actions) push(type, side, null, left, count ? { count } : {});
    if (!r.cards) return;
    push('round_end', null, period, 0);
    r.cards.forEach(([home, away], j) =>
      push('round_scored', null, null, null, { judge: JUDGES[j], round: i + 1, home, away }),
    );
  });
  push('result', b.result.winner, null, null, { ...b.result });
  return events;
}

function base(b: { slug: string; card: string; kickoff: string; red: string; blue: string }) {
  return {
    sport: 'mma' as const,
    source: 'sample',
    source_key: `sample/mma/2024/${b.slug}`,
    competition: 'sample-mma',
    competition_name: 'Sample MMA (sample data)',
    season: '2024',
    round: b.card,
    group: null,
    venue: 'Sample Arena',
    kickoff: b.kickoff,
    home_team: b.red,
    away_team: b.blue,
    stats: null,
  };
}

/**
 * The sample MMA fixtures: four finished bouts with full timelines, then two scheduled.
 * `round` = the fight card's name; kickoff = the bout's walk-out time, UTC. Deterministic:
 * every call returns equal values (fresh objects).
 */
export function sampleMmaMatches(): ImportedSportMatch[] {
  const finished = BOUTS.map((b): ImportedSportMatch => {
    const m = base(b);
    const result = { home: b.score[0], away: b.score[1], winner: b.result.winner, detail: { ...b.result } };
    return { ...m, status: 'finished', result, events: timeline(m.source_key, b) };
  });
  return [
    ...finished,
    ...SCHEDULED.map((b): ImportedSportMatch => ({ ...base(b), status: 'scheduled', result: null, events: [] })),
  ];
}
