/**
 * Jeff Sackmann point-by-point matches, `pbp_matches_*.csv` (tennis_pointbypoint): one match per
 * row, points in `pbp`. Format: docs/data-formats.md "Jeff Sackmann tennis". Licence
 * CC BY-NC-SA 4.0 (see ./sackmann.ts).
 */
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';
import { RuleError } from '../rules/contract';
import { applyEventInPlace, setWinner, tennisRules } from '../tennis/rules';
import type { FinalSetRule, Pair, TennisState } from '../tennis/types';
import { ImportError } from './errors';
import { isoDateFromParts } from './month-date';
import { parseAtpScore } from './sackmann-atp';
import { csvNumber as num, readSackmannCsv as readCsv, SACKMANN_DEFAULT_START_UTC } from './sackmann-csv';

const PBP_COLUMNS = ['pbp_id', 'date', 'tny_name', 'server1', 'server2', 'winner', 'pbp', 'score'];

/** `01 Jan 17` → `2017-01-01` (two-digit years are 20yy). */
export function parsePbpDate(date: string): string {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{2}|\d{4})$/.exec(date.trim());
  const iso = m && isoDateFromParts(m[1], m[2], m[3].length === 2 ? `20${m[3]}` : m[3]);
  if (!iso) throw new ImportError(`invalid date "${date}" (expected "01 Jan 17")`);
  return iso;
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
export function pbpMatchFormat(
  tnyName: string,
  year: number,
  winnerSets: number,
): { best_of: 3 | 5; final_set: FinalSetRule } {
  const slam = /^(Men'sAustralianOpen|Men'sFrenchOpen|Gentlemen'sWimbledonSingles|Men'sUSOpen)$/.exec(tnyName)?.[1];
  if (slam) {
    if (year >= 2022) return { best_of: 5, final_set: 'tiebreak_10' };
    if (slam === "Men'sAustralianOpen") return { best_of: 5, final_set: year >= 2019 ? 'tiebreak_10' : 'advantage' };
    if (slam === "Men'sFrenchOpen") return { best_of: 5, final_set: 'advantage' };
    if (slam === "Gentlemen'sWimbledonSingles")
      return { best_of: 5, final_set: year >= 2019 ? 'tiebreak_at_12' : 'advantage' };
    return { best_of: 5, final_set: 'tiebreak' };
  }
  if (tnyName === 'DavisCup')
    return { best_of: winnerSets === 2 ? 3 : 5, final_set: year >= 2016 ? 'tiebreak' : 'advantage' };
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

function ev(
  event_id: string,
  type: string,
  side: Side | null,
  period: string | null,
  detail: Record<string, unknown>,
): SportEvent {
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
      return parseAtpScore(r.score).sets.filter(
        (s) => setWinner(s.games, s.tiebreak ? { home: s.tiebreak[0], away: s.tiebreak[1] } : null) === 'home',
      ).length;
    } catch {
      return 0;
    }
  })();
  const format = pbpMatchFormat(r.tny_name, Number(date.slice(0, 4)), winnerSets);
  const events: SportEvent[] = [];
  // This match's own state, applied in place point by point (a copy per point cost seconds a file).
  const s: TennisState = tennisRules.initialState();
  const push = (e: SportEvent, where: string) => {
    try {
      applyEventInPlace(s, e);
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
      if (gameText.includes('/'))
        push(ev(`${key}/${setNo}.${gameNo}/tiebreak`, 'tiebreak_start', null, period, { set: setNo }), where);
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
        if (gi !== gameTexts.length - 1)
          fail(`set ${setNo} is won after game ${gameNo}, but the pbp goes on in that set`);
        push(
          ev(`${key}/${setNo}/set`, 'set_end', s.last_set!.winner, period, {
            set: setNo,
            games,
            tiebreak: s.set_tiebreaks[setNo - 1],
          }),
          where,
        );
      }
    });
    if (s.last_set?.set !== setNo && si !== setTexts.length - 1)
      fail(`set ${setNo} ends with "." before either player has won it`);
  });

  if (s.status !== 'finished') {
    push(
      ev(`${key}/retirement`, 'retirement', winner === 'home' ? 'away' : 'home', s.period, { kind: 'retired' }),
      'end',
    );
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
