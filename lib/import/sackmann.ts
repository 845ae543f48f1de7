import { parse } from 'csv-parse/sync';
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';
import { RuleError } from '../rules/contract';
import { setWinner, tennisRules } from '../tennis/rules';
import type { FinalSetRule, Pair, TennisOutcome, TennisState } from '../tennis/types';
import { ImportError } from './errors';

/*
 * Jeff Sackmann tennis data (github.com/JeffSackmann, CC BY-NC-SA 4.0 — non-commercial,
 * share-alike; credit "Tennis databases by Jeff Sackmann / Tennis Abstract"). Formats: shared
 * data README "Jeff Sackmann tennis", tennis_atp/matches_data_dictionary.txt.
 *   sackmann-atp  atp_matches_<year>.csv: one finished match per row, winner_/loser_ columns.
 *   sackmann-pbp  pbp_matches_*.csv (tennis_pointbypoint): one match per row, points in `pbp`.
 */

/**
 * Start time given to matches whose source has only a date: 12:00 UTC on that date. ATP results
 * carry only `tourney_date` (the Monday of the event week), so every match of a tournament gets
 * that Monday — a week-level date, not the day the match was played.
 */
export const SACKMANN_DEFAULT_START_UTC = '12:00';

const ATP_COLUMNS = ['tourney_id', 'tourney_name', 'tourney_level', 'tourney_date', 'match_num', 'winner_id', 'winner_name', 'loser_id', 'loser_name', 'score', 'best_of', 'round'];
const PBP_COLUMNS = ['pbp_id', 'date', 'tny_name', 'server1', 'server2', 'winner', 'pbp', 'score'];

function readCsv(text: string, required: string[], what: string): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  } catch (e) {
    throw new ImportError(`${what} is not valid CSV: ${(e as Error).message}`, { cause: e });
  }
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = required.filter((c) => !header.includes(c));
  if (rows.length === 0) throw new ImportError(`${what} has no data rows`);
  if (missing.length) throw new ImportError(`${what} lacks column(s) ${missing.join(', ')}`);
  return rows;
}

// ── ATP results ─────────────────────────────────────────────────────────────────────────────

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

const num = (v: string | undefined): number | null => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

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
    if (parsed.outcome === 'completed' && lastSet?.match_tiebreak && lastSet.tiebreak && lastSet.tiebreak[0] < lastSet.tiebreak[1]) {
      lastSet.tiebreak = [lastSet.tiebreak[1], lastSet.tiebreak[0]];
      lastSet.games = [1, 0];
      errata.push('match tie-break written loser first; turned round to agree with the winner');
    }
    const winnerHome = Number(r.winner_id) < Number(r.loser_id) || (Number(r.winner_id) === Number(r.loser_id) && r.winner_name < r.loser_name);
    const hw = <T>(w: T, l: T): [T, T] => (winnerHome ? [w, l] : [l, w]);
    const sets = parsed.sets.map((s) => hw(s.games[0], s.games[1]));
    const tbs: (Pair | null)[] = parsed.sets.map((s) => {
      if (!s.tiebreak) return null;
      const [h, a] = hw(s.tiebreak[0], s.tiebreak[1]);
      return { home: h, away: a };
    });
    const won = { home: 0, away: 0 };
    // Every set before the last is finished (whatever its length: Next Gen Finals sets are first
    // to 4); the last set of a retirement / default counts only when it was finished.
    sets.forEach((g, k) => {
      const unfinishedAllowed = k === sets.length - 1 && parsed.outcome !== 'completed';
      const tb = tbs[k];
      const sw = unfinishedAllowed
        ? setWinner(g, tb)
        : tb
          ? tb.home > tb.away ? 'home' : 'away'
          : g[0] > g[1] ? 'home' : g[1] > g[0] ? 'away' : null;
      if (sw) won[sw] += 1;
    });
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

// ── point by point ──────────────────────────────────────────────────────────────────────────

const MONTHS: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/** `01 Jan 17` → `2017-01-01` (two-digit years are 20yy). */
export function parsePbpDate(date: string): string {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{2}|\d{4})$/.exec(date.trim());
  if (!m || !MONTHS[m[2]]) throw new ImportError(`invalid date "${date}" (expected "01 Jan 17")`);
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${MONTHS[m[2]]}-${m[1].padStart(2, '0')}`;
}

/**
 * Match format of a point-by-point row from its tournament name and year:
 * - Grand Slams (`Men'sAustralianOpen`, `Men'sFrenchOpen`, `Gentlemen'sWimbledonSingles`,
 *   `Men'sUSOpen`): best of 5; final set: Australian Open advantage to 2018, 10-point tie-break
 *   from 2019; Roland Garros advantage to 2021; Wimbledon advantage to 2018, tie-break at 12-12
 *   2019–21; US Open 7-point tie-break; every Slam a 10-point tie-break at 6-6 from 2022.
 * - `DavisCup` (World Group and zone groups I–II): best of 5 with a final-set tie-break (from
 *   2016); a dead rubber is played best of 3 and the file does not mark it, so a Davis Cup
 *   match whose winner took exactly 2 sets (`winnerSets`) is read as best of 3.
 *   `DavisCup-GroupsIIIandIV`: best of 3.
 * - everything else (ATP tour events, Hopman Cup): best of 3, tie-break in every set.
 */
export function pbpMatchFormat(tnyName: string, year: number, winnerSets: number): { best_of: 3 | 5; final_set: FinalSetRule } {
  const slam = /^(Men'sAustralianOpen|Men'sFrenchOpen|Gentlemen'sWimbledonSingles|Men'sUSOpen)$/.exec(tnyName)?.[1];
  if (slam) {
    if (year >= 2022) return { best_of: 5, final_set: 'tiebreak_10' };
    if (slam === "Men'sAustralianOpen") return { best_of: 5, final_set: year >= 2019 ? 'tiebreak_10' : 'advantage' };
    if (slam === "Men'sFrenchOpen") return { best_of: 5, final_set: 'advantage' };
    if (slam === "Gentlemen'sWimbledonSingles") return { best_of: 5, final_set: year >= 2019 ? 'tiebreak_at_12' : 'advantage' };
    return { best_of: 5, final_set: 'tiebreak' };
  }
  if (tnyName === 'DavisCup') return { best_of: winnerSets === 2 ? 3 : 5, final_set: year >= 2016 ? 'tiebreak' : 'advantage' };
  return { best_of: 3, final_set: 'tiebreak' };
}

/** Competition of a point-by-point row: Davis Cup, Hopman Cup, else the ATP tour. */
function pbpCompetition(tnyName: string): { slug: string; name: string } {
  if (tnyName.startsWith('DavisCup')) return { slug: 'davis-cup', name: 'Davis Cup' };
  if (tnyName.startsWith('HopmanCup')) return { slug: 'hopman-cup', name: 'Hopman Cup' };
  return { slug: 'atp-tour', name: 'ATP Tour' };
}

/**
 * Formats set scores the way the `score` columns write them, from `winner`'s side:
 * `[[6,7],[6,3]]` with a 4-point tie-break loser in set 1, winner away → `7-6(4) 3-6`.
 */
export function formatSetScores(sets: [number, number][], tiebreaks: (Pair | null)[], winner: Side): string {
  return sets
    .map((g, i) => {
      const [w, l] = winner === 'home' ? g : [g[1], g[0]];
      const tb = tiebreaks[i];
      return tb ? `${w}-${l}(${Math.min(tb.home, tb.away)})` : `${w}-${l}`;
    })
    .join(' ');
}

/** Games completed so far in a tennis state. */
function gamesPlayed(s: TennisState): number {
  return s.sets.reduce((a, g) => a + g[0] + g[1], 0) + s.games.home + s.games.away;
}

function ev(event_id: string, type: string, side: Side | null, period: string | null, detail: Record<string, unknown>): SportEvent {
  return { event_id, type, side, player: null, minute: null, period, clock_seconds: null, detail };
}

/**
 * Parses `pbp_matches_*.csv` (tennis_pointbypoint) into finished matches with a point-by-point
 * timeline, replayed through the tennis rules (lib/tennis/rules.ts) as they are built.
 *
 * - home = `server1` (player 1, serves first), away = `server2`; winner from `winner` (1|2).
 * - source `sackmann-pbp`, source_key `sackmann-pbp/<pbp_id>`; competition davis-cup /
 *   hopman-cup / atp-tour; season = year of `date`; kickoff = `date` at
 *   {@link SACKMANN_DEFAULT_START_UTC}; round, group, venue null; format per {@link pbpMatchFormat}.
 * - `pbp`: one character per point — S server won, R returner won, A ace, D double fault;
 *   `;` ends a game, `.` ends a set, `/` marks the change of server inside a tie-break.
 * - events (`event_id` prefix `sackmann-pbp/<pbp_id>/`): `match_start` (`start`) {best_of,
 *   first_server: 'home', final_set}; per point `point` (`<set>.<game>.<point>`, 1-based) with
 *   side = point winner, detail {server, ace?, double_fault?, set, game, point}; `tiebreak_start`
 *   (`<set>.<game>/tiebreak`) before a tie-break; `game_end` (`<set>.<game>/game`) {set, game,
 *   games, break, tiebreak}; `set_end` (`<set>/set`) {set, games, tiebreak}; when the points
 *   stop before the match is decided, a `retirement` (`retirement`) of the loser.
 * - result: home/away = sets won; detail {sets, set_tiebreaks, outcome: completed|retired,
 *   score (upstream, winner first), best_of, final_set, tournament (tny_name), minutes}.
 * - stats per side from the points: aces, double_faults (null when `adf_flag` is 0: aces and
 *   double faults not marked), points_won, service_points, service_points_won, service_games,
 *   service_games_won, break_points_faced, break_points_saved.
 * @param text CSV text of the file
 * @throws ImportError on unreadable CSV / date / point character, or when the points disagree
 *   with the rules (a `;` where no game has ended, a winner the points do not give, …),
 *   naming the pbp_id and the position.
 */
export function parseSackmannPbp(text: string): ImportedSportMatch[] {
  const rows = readCsv(text, PBP_COLUMNS, 'point-by-point CSV');
  return rows.map((r) => pbpMatch(r));
}

function pbpMatch(r: Record<string, string>): ImportedSportMatch {
  const key = `sackmann-pbp/${r.pbp_id}`;
  const fail = (msg: string, cause?: unknown): never => {
    throw new ImportError(`${key}: ${msg}`, cause ? { cause } : undefined);
  };
  if (r.winner !== '1' && r.winner !== '2') fail(`winner must be 1 or 2, got "${r.winner}"`);
  const winner: Side = r.winner === '1' ? 'home' : 'away';
  let date = '';
  try {
    date = parsePbpDate(r.date);
  } catch (e) {
    fail((e as Error).message, e);
  }
  const tny = r.tny_name.replace(/&amp;/g, '&');
  const winnerSets = (() => {
    try {
      return parseAtpScore(r.score).sets.filter((s) => setWinner(s.games, s.tiebreak ? { home: s.tiebreak[0], away: s.tiebreak[1] } : null) === 'home').length;
    } catch {
      return 0;
    }
  })();
  const format = pbpMatchFormat(r.tny_name, Number(date.slice(0, 4)), winnerSets);
  const events: SportEvent[] = [];
  let s: TennisState = tennisRules.initialState();
  const push = (e: SportEvent, where: string) => {
    try {
      s = tennisRules.applyEvent(s, e);
    } catch (err) {
      if (err instanceof RuleError) fail(`${where}: ${err.message}`, err);
      throw err;
    }
    events.push(e);
  };
  push(ev(`${key}/start`, 'match_start', null, 'set_1', { ...format, first_server: 'home' }), 'start');

  let server: Side = 'home';
  const setTexts = r.pbp.split('.');
  if (setTexts.at(-1) === '') setTexts.pop();
  setTexts.forEach((setText, si) => {
    const setNo = si + 1;
    const gameTexts = setText.split(';');
    if (gameTexts.at(-1) === '' && si === setTexts.length - 1) gameTexts.pop();
    gameTexts.forEach((gameText, gi) => {
      const gameNo = gi + 1;
      const where = `set ${setNo} game ${gameNo}`;
      const period = `set_${setNo}`;
      const gameServer = server;
      if (gameText.includes('/')) push(ev(`${key}/${setNo}.${gameNo}/tiebreak`, 'tiebreak_start', null, period, { set: setNo }), where);
      let pointServer = gameServer;
      let k = 0;
      const before = gamesPlayed(s);
      for (const ch of gameText) {
        if (ch === '/') {
          pointServer = pointServer === 'home' ? 'away' : 'home';
          continue;
        }
        if (!'SRAD'.includes(ch)) fail(`${where}: unknown point character "${ch}"`);
        k += 1;
        const wonByServer = ch === 'S' || ch === 'A';
        const side: Side = wonByServer ? pointServer : pointServer === 'home' ? 'away' : 'home';
        const detail: Record<string, unknown> = { server: pointServer, set: setNo, game: gameNo, point: k };
        if (ch === 'A') detail.ace = true;
        if (ch === 'D') detail.double_fault = true;
        if (gamesPlayed(s) !== before) fail(`${where}: point ${k} is played after the game ended`);
        push(ev(`${key}/${setNo}.${gameNo}.${k}`, 'point', side, period, detail), `${where} point ${k}`);
      }
      server = gameServer === 'home' ? 'away' : 'home';
      const g = s.last_game;
      if (gamesPlayed(s) === before || !g) {
        // The points stop mid-game: only possible as the last game of a retirement.
        if (si === setTexts.length - 1 && gi === gameTexts.length - 1) return;
        fail(`${where}: the game ends ("${gameText}") before either player has won it`);
      }
      const setEnded = s.last_set?.set === setNo;
      const games = setEnded ? { home: s.sets[setNo - 1][0], away: s.sets[setNo - 1][1] } : { ...s.games };
      push(
        ev(`${key}/${setNo}.${gameNo}/game`, 'game_end', g!.winner, period, {
          set: setNo,
          game: gameNo,
          games,
          break: !g!.tiebreak && g!.winner !== gameServer,
          tiebreak: g!.tiebreak,
        }),
        where,
      );
      if (setEnded) {
        if (gi !== gameTexts.length - 1) fail(`set ${setNo} is won after game ${gameNo}, but the pbp goes on in that set`);
        push(ev(`${key}/${setNo}/set`, 'set_end', s.last_set!.winner, period, { set: setNo, games, tiebreak: s.set_tiebreaks[setNo - 1] }), where);
      }
    });
    if (s.last_set?.set !== setNo && si !== setTexts.length - 1) fail(`set ${setNo} ends with "." before either player has won it`);
  });

  if (s.status !== 'finished') {
    push(ev(`${key}/retirement`, 'retirement', winner === 'home' ? 'away' : 'home', s.period, { kind: 'retired' }), 'end');
  }
  if (s.result!.winner !== winner) fail(`the points give the match to ${s.result!.winner}, the file to ${winner}`);
  const comp = pbpCompetition(r.tny_name);
  const adf = r.adf_flag !== '0';
  const stats = (x: TennisState['stats']['home']): Record<string, number | null> => ({
    ...x,
    aces: adf ? x.aces : null,
    double_faults: adf ? x.double_faults : null,
  });
  return {
    sport: 'tennis',
    source: 'sackmann-pbp',
    source_key: key,
    competition: comp.slug,
    competition_name: comp.name,
    season: date.slice(0, 4),
    round: null,
    group: null,
    venue: null,
    kickoff: `${date}T${SACKMANN_DEFAULT_START_UTC}:00Z`,
    home_team: r.server1,
    away_team: r.server2,
    status: 'finished',
    result: {
      home: s.sets_won.home,
      away: s.sets_won.away,
      winner,
      detail: {
        sets: s.result!.sets,
        set_tiebreaks: s.result!.set_tiebreaks,
        outcome: s.result!.outcome,
        score: r.score,
        best_of: format.best_of,
        final_set: format.final_set,
        tournament: tny,
        minutes: num(r.wh_minutes),
      },
    },
    events,
    stats: { home: stats(s.stats.home), away: stats(s.stats.away) },
  };
}
