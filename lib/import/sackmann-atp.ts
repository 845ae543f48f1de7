/**
 * Jeff Sackmann ATP results, `atp_matches_<year>.csv` (tennis_atp): one finished match per row,
 * winner_/loser_ columns, results only. Format: docs/data-formats.md "Jeff Sackmann tennis",
 * tennis_atp/matches_data_dictionary.txt. Licence CC BY-NC-SA 4.0 (see ./sackmann.ts).
 */
import type { ImportedSportMatch, Side } from '../rules/contract';
import { recordedSetsWon } from '../tennis/rules';
import type { Pair, TennisOutcome } from '../tennis/types';
import { ImportError } from './errors';
import { csvNumber as num, readSackmannCsv as readCsv, SACKMANN_DEFAULT_START_UTC } from './sackmann-csv';

const ATP_COLUMNS = [
  'tourney_id',
  'tourney_name',
  'tourney_level',
  'tourney_date',
  'match_num',
  'winner_id',
  'winner_name',
  'loser_id',
  'loser_name',
  'score',
  'best_of',
  'round',
];

/** One set of an ATP `score`, winner first: games, and tie-break points when one was played. */
export interface ScoreSet {
  /** Games [match winner, match loser]; a match tie-break ("[10-8]") counts as a 1-0 set. */
  games: [number, number];
  /** Tie-break points [match winner, match loser], or null. */
  tiebreak: [number, number] | null;
  match_tiebreak: boolean;
}

/**
 * Parses an ATP `score` (always written from the match winner's side):
 * `7-6(5) 6-4` (the bracket is the tie-break loser's points; the winner had max(7, n+2)),
 * `6-7(4) 7-6(5) 6-5 DEF`, `6-3 2-1 RET`, `W/O`, match tie-breaks `[10-8]`.
 * @returns sets (the last may be unfinished when outcome is retired/default) and the outcome
 * @throws ImportError on a token that is none of these
 */
export function parseAtpScore(score: string): { sets: ScoreSet[]; outcome: TennisOutcome } {
  const sets: ScoreSet[] = [];
  let outcome: TennisOutcome = 'completed';
  for (const tok of score.trim().split(/\s+/).filter(Boolean)) {
    if (tok === 'RET') outcome = 'retired';
    else if (tok === 'W/O') outcome = 'walkover';
    else if (tok === 'DEF' || tok === 'Def.') outcome = 'default';
    else {
      const m = /^(\d+)-(\d+)(?:\((\d+)\))?$/.exec(tok);
      const mt = /^\[(\d+)-(\d+)\]$/.exec(tok);
      if (m) {
        const w = +m[1];
        const l = +m[2];
        let tiebreak: [number, number] | null = null;
        if (m[3] !== undefined) {
          const lost = +m[3];
          const won = Math.max(7, lost + 2);
          tiebreak = w > l ? [won, lost] : [lost, won];
        }
        sets.push({ games: [w, l], tiebreak, match_tiebreak: false });
      } else if (mt) {
        const w = +mt[1];
        const l = +mt[2];
        sets.push({ games: w > l ? [1, 0] : [0, 1], tiebreak: [w, l], match_tiebreak: true });
      } else throw new ImportError(`unreadable score token "${tok}" in "${score}"`);
    }
  }
  if (sets.length === 0 && outcome !== 'walkover') throw new ImportError(`score "${score}" has no sets`);
  return { sets, outcome };
}

function atpStats(r: Record<string, string>, p: 'w' | 'l'): Record<string, number | null> {
  const rank = p === 'w' ? 'winner' : 'loser';
  return {
    aces: num(r[`${p}_ace`]),
    double_faults: num(r[`${p}_df`]),
    service_points: num(r[`${p}_svpt`]),
    first_serves_in: num(r[`${p}_1stIn`]),
    first_serve_points_won: num(r[`${p}_1stWon`]),
    second_serve_points_won: num(r[`${p}_2ndWon`]),
    service_games: num(r[`${p}_SvGms`]),
    break_points_saved: num(r[`${p}_bpSaved`]),
    break_points_faced: num(r[`${p}_bpFaced`]),
    rank: num(r[`${rank}_rank`]),
    rank_points: num(r[`${rank}_rank_points`]),
  };
}

/** Competition of an ATP row by `tourney_level`: D → `davis-cup`, anything else → `atp-tour`. */
function atpCompetition(level: string): { slug: string; name: string } {
  return level === 'D' ? { slug: 'davis-cup', name: 'Davis Cup' } : { slug: 'atp-tour', name: 'ATP Tour' };
}

/**
 * Parses `atp_matches_<year>.csv` (tennis_atp) into finished matches, results only (no events).
 *
 * - home/away: the row has no player 1 / player 2, and using the winner as home would leak the
 *   result into the fixture, so **home = the player with the lower Sackmann player id**
 *   (`winner_id` / `loser_id`, stable across name spellings), away = the other.
 * - source `sackmann-atp`, source_key `sackmann-atp/<tourney_id>/<match_num>`; competition
 *   `davis-cup` for tourney_level D, else `atp-tour` ("ATP Tour": Grand Slams, Masters, 250/500,
 *   Finals, Olympics); season = year of tourney_date; round = upstream code (R128 … F, RR, BR);
 *   venue and group null; the tournament is in result.detail.tournament.
 * - kickoff: tourney_date (the Monday of the event) at {@link SACKMANN_DEFAULT_START_UTC}.
 * - status `finished` (walkovers too: the result stands, with outcome `walkover` and no sets).
 * - result: home/away = sets won (every set but the last is finished, whatever its length —
 *   Next Gen Finals sets are first to 4; the last set of a retirement counts only when it was
 *   finished by the standard rule); detail {sets:
 *   [[h,a], …] games (a match tie-break is a 1-0 set), set_tiebreaks: ({home, away}|null)[],
 *   outcome: completed|retired|walkover|default, score (upstream, winner first), best_of,
 *   minutes, tournament {id, name, level, surface, draw_size, date}, home_id, away_id, errata:
 *   string[] (upstream mistakes corrected, e.g. a match tie-break written loser first)}.
 * - stats per side: aces, double_faults, service_points, first_serves_in,
 *   first_serve_points_won, second_serve_points_won, service_games, break_points_saved,
 *   break_points_faced, rank, rank_points (null where the file is blank).
 * @param text CSV text of the file
 * @throws ImportError on unreadable CSV, missing columns, or an unreadable score / date.
 */
export function parseSackmannAtp(text: string): ImportedSportMatch[] {
  const rows = readCsv(text, ATP_COLUMNS, 'ATP matches CSV');
  return rows.map((r, i) => {
    const where = `ATP matches CSV row ${i + 2} (${r.tourney_id}/${r.match_num})`;
    const d = /^(\d{4})(\d{2})(\d{2})$/.exec(r.tourney_date);
    if (!d) throw new ImportError(`${where}: invalid tourney_date "${r.tourney_date}" (expected YYYYMMDD)`);
    let parsed: ReturnType<typeof parseAtpScore>;
    try {
      parsed = parseAtpScore(r.score);
    } catch (e) {
      throw new ImportError(`${where}: ${(e as Error).message}`, { cause: e });
    }
    // Upstream erratum (three 2024 Davis Cup rows, e.g. "4-6 7-5 [7-10]"): a deciding match
    // tie-break written loser first. The winner columns are trusted; the tie-break is turned round.
    const errata: string[] = [];
    const lastSet = parsed.sets.at(-1);
    if (
      parsed.outcome === 'completed' &&
      lastSet?.match_tiebreak &&
      lastSet.tiebreak &&
      lastSet.tiebreak[0] < lastSet.tiebreak[1]
    ) {
      lastSet.tiebreak = [lastSet.tiebreak[1], lastSet.tiebreak[0]];
      lastSet.games = [1, 0];
      errata.push('match tie-break written loser first; turned round to agree with the winner');
    }
    const winnerHome =
      Number(r.winner_id) < Number(r.loser_id) ||
      (Number(r.winner_id) === Number(r.loser_id) && r.winner_name < r.loser_name);
    const hw = <T>(w: T, l: T): [T, T] => (winnerHome ? [w, l] : [l, w]);
    const sets = parsed.sets.map((s) => hw(s.games[0], s.games[1]));
    const tbs: (Pair | null)[] = parsed.sets.map((s) => {
      if (!s.tiebreak) return null;
      const [h, a] = hw(s.tiebreak[0], s.tiebreak[1]);
      return { home: h, away: a };
    });
    const won = recordedSetsWon(sets, tbs, parsed.outcome);
    const comp = atpCompetition(r.tourney_level);
    const [home, away] = hw(r.winner_name, r.loser_name);
    const [homeId, awayId] = hw(r.winner_id, r.loser_id);
    const [homeStats, awayStats] = hw(atpStats(r, 'w'), atpStats(r, 'l'));
    const winner: Side = winnerHome ? 'home' : 'away';
    return {
      sport: 'tennis',
      source: 'sackmann-atp',
      source_key: `sackmann-atp/${r.tourney_id}/${r.match_num}`,
      competition: comp.slug,
      competition_name: comp.name,
      season: d[1],
      round: r.round || null,
      group: null,
      venue: null,
      kickoff: `${d[1]}-${d[2]}-${d[3]}T${SACKMANN_DEFAULT_START_UTC}:00Z`,
      home_team: home,
      away_team: away,
      status: 'finished',
      result: {
        home: won.home,
        away: won.away,
        winner,
        detail: {
          sets,
          set_tiebreaks: tbs,
          match_tiebreak: parsed.sets.map((s) => s.match_tiebreak),
          outcome: parsed.outcome,
          score: r.score,
          best_of: num(r.best_of),
          minutes: num(r.minutes),
          tournament: {
            id: r.tourney_id,
            name: r.tourney_name,
            level: r.tourney_level,
            surface: r.surface || null,
            draw_size: num(r.draw_size),
            date: `${d[1]}-${d[2]}-${d[3]}`,
          },
          home_id: homeId,
          away_id: awayId,
          errata,
        },
      },
      events: [],
      stats: { home: homeStats, away: awayStats },
    };
  });
}
