/**
 * Live matches of every sport for the sport-lines tests: each `state` is a valid instance of the
 * sport's wire schema (lib/wire/sports/<sport>.ts; the test parses them), so the renderers are
 * tested against the shapes the server really sends.
 */
import type { LiveMatch } from '@/lib/wire/schemas';

const base = {
  league: 'League', league_slug: 'league', season: '2024', home_team_id: 1, away_team_id: 2, kickoff: '2024-01-01T18:00:00.000Z', updated_at: '2024-01-01T20:00:00.000Z',
  minute: 0, last_event: null, stoppage_time: null, clock: null, halftime_score: null, penalties: null, red_cards: null, seq: 1,
};

const ext = { wides: 4, noballs: 1, byes: 0, legbyes: 2, penalty: 0 };
const perSide = (home: number, away: number) => ({ home, away });
const serve = { aces: 5, double_faults: 2, points_won: 60, service_points: 50, service_points_won: 35, service_games: 8, service_games_won: 7, break_points_faced: 3, break_points_saved: 2 };

export const STATES: Record<string, Record<string, unknown>> = {
  cricket: {
    innings: [
      { number: 1, team: 'home', super_over: false, runs: 159, wickets: 6, overs: '20', legal_balls: 120, overs_limit: 20, extras: ext, closed: true, end_reason: 'overs_complete' },
      { number: 2, team: 'away', super_over: false, runs: 138, wickets: 5, overs: '17.5', legal_balls: 107, overs_limit: 20, extras: ext, closed: false, end_reason: null },
    ],
    batting: 'away', bowling: 'home', target: { innings: 2, runs: 160, overs: 20, revised: false, method: null }, required_runs: 22, required_balls: 13,
    current_run_rate: 7.74, required_run_rate: 10.15, striker: 'B Stokes', non_striker: 'M Ali', bowler: 'Shaheen Shah Afridi',
    this_over: { over: 17, runs: 7, legal_balls: 5, wickets: 0 }, powerplay: null, toss: { winner: 'away', decision: 'field' }, result: null,
  },
  tennis: {
    sets: [[6, 4], [6, 7]], set_tiebreaks: [null, { home: 5, away: 7 }], sets_won: perSide(1, 1), games: perSide(3, 2), points: { home: '30', away: 'AD' },
    server: 'away', tiebreak: false, best_of: 3, final_set: 'tiebreak', stats: { home: serve, away: serve }, result: null,
  },
  baseball: {
    inning: 7, half: 'top', outs: 2, bases: { first: 'A Rizzo', second: null, third: 'K Bryant' }, line_score: { home: [0, 1, 0, 0, 2, 0], away: [1, 0, 0, 0, 0, 0, 1] },
    hits: perSide(6, 5), errors: perSide(0, 1), left_on_base: perSide(4, 3), batter: 'J Heyward', pitcher: 'J Lester', pitchers: { home: 'J Lester', away: 'Z Greinke' }, result: null,
  },
  basketball: {
    clock_seconds: 462, clock_running: true, line_score: { home: [28, 30, 12], away: [25, 27, 10] }, team_fouls: perSide(3, 5), in_penalty: { home: true, away: false },
    timeouts_remaining: perSide(4, 5), fouled_out: [], shooting: { home: { fgm: 30, fga: 60, tpm: 8, tpa: 20, ftm: 2, fta: 4 }, away: { fgm: 25, fga: 58, tpm: 6, tpa: 22, ftm: 6, fta: 8 } }, result: null,
  },
  'ice-hockey': {
    format: 'regular_season', clock_seconds: 754, clock_running: false, line_score: { home: [1, 1], away: [0, 1] }, shots: perSide(21, 17), penalty_minutes: perSide(4, 2),
    power_play: { advantage: 'home', skaters: { home: 5, away: 4 }, penalties: [{ side: 'away', player: 'X', kind: 'minor', remaining_seconds: 80 }] },
    power_plays: { home: { opportunities: 2, goals: 1 }, away: { opportunities: 1, goals: 0 } }, goalie_pulled: { home: false, away: false },
    goals_by_strength: { home: { even: 1, power_play: 1, short_handed: 0, empty_net: 0 }, away: { even: 1, power_play: 0, short_handed: 0, empty_net: 0 } }, shootout: null, result: null,
  },
  rugby: {
    clock_seconds: 3780, halftime_score: perSide(10, 6), tries: perSide(3, 1), penalty_tries: perSide(0, 0),
    kicks: { home: { conversion: { made: 2, attempted: 3 }, penalty_goal: { made: 1, attempted: 1 }, drop_goal: { made: 0, attempted: 0 } }, away: { conversion: { made: 1, attempted: 1 }, penalty_goal: { made: 2, attempted: 3 }, drop_goal: { made: 0, attempted: 0 } } },
    cards: { home: { yellow: 0, red: 0 }, away: { yellow: 1, red: 0 } }, sin_bin: [{ side: 'away', player: 'J Smith', until: 4200 }], players_on_field: perSide(15, 14), result: null,
  },
  golf: {
    round: 2, cut_line: null, playoff: null, result: null,
    leaderboard: [1, 2, 3, 4, 5, 6].map((i) => ({ position: i === 2 || i === 3 ? 'T2' : String(i), player: `Sample Player ${i}`, status: 'active', to_par: i === 1 ? -6 : i < 4 ? -3 : i - 4, strokes: 140 + i, rounds: [70, 70 + i], thru: i === 1 ? 18 : 12, playoff_strokes: null })),
  },
  mma: {
    scheduled_rounds: 3, round: 2, clock_seconds: 194, clock_running: true, knockdowns: perSide(1, 0), significant_strikes: perSide(23, 17), takedowns: perSide(1, 0), point_deductions: perSide(0, 0),
    rounds: [{ round: 1, judges: 3, deductions: perSide(0, 0), winner: 'home' }, { round: 2, judges: 0, deductions: perSide(0, 0), winner: null }],
    scorecards: [{ judge: 'Judge A', rounds: [{ round: 1, home: 10, away: 9 }], total: perSide(10, 9) }], method: null, result: null,
  },
  esports: {
    best_of: 3, maps_to_win: 2, map_number: 2, map: 'Mirage', rounds: perSide(9, 7), overtime: false, maps: [{ number: 1, map: 'Inferno', home: 16, away: 12, winner: 'home' }], result: null,
  },
};

const SCORES: Record<string, [number, number]> = { cricket: [159, 138], tennis: [1, 1], baseball: [3, 2], basketball: [70, 62], 'ice-hockey': [2, 1], rugby: [24, 13], golf: [0, 0], mma: [1, 0], esports: [1, 0] };
const PERIODS: Record<string, string> = { cricket: 'innings_2', tennis: 'set_3', baseball: 'top_7', basketball: 'q3', 'ice-hockey': 'p2', rugby: '2nd_half', golf: 'round_2', mma: 'round_2', esports: 'map_2' };

/** A live match of `sport` in play with the state above. */
export function liveMatch(sport: string, over: Partial<LiveMatch> = {}): LiveMatch {
  const [home, away] = SCORES[sport] ?? [0, 0];
  return { ...base, fixture_id: 1, sport, home_team: sport === 'golf' ? 'Sample Classic' : 'Home Side', away_team: sport === 'golf' ? 'Field' : 'Away Side', score: { home, away }, period: PERIODS[sport] ?? 'x', status: 'in_play', state: STATES[sport] ?? null, minute: sport === 'rugby' ? 63 : 0, ...over };
}
