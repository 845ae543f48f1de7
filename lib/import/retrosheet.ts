import { applyEvent, initialState } from '../baseball/rules';
import type { BaseballState, LineupEntry, PlayDetail, Side } from '../baseball/types';
import { RuleError, type ImportedSportMatch, type SportEvent } from '../rules/contract';
import { ImportError } from './errors';
import { parseRetrosheetEvent } from './retrosheet-event';
import { retrosheetKickoff, splitRetrosheetGames, type RetrosheetRawGame } from './retrosheet-records';
import { RETROSHEET_PARKS, RETROSHEET_TEAMS } from './retrosheet-teams';

/*
 * Retrosheet event files (`<year><TEAM>.EV[NA]`, one team's home games, play by play).
 * Format: https://www.retrosheet.org/eventfile.htm. Notice required by Retrosheet (verbatim):
 * "The information used here was obtained free of charge from and is copyrighted by Retrosheet.
 * Interested parties may contact Retrosheet at "www.retrosheet.org"."
 *
 * Split: ./retrosheet-teams.ts (team and park codes), ./retrosheet-event.ts (event codes),
 * ./retrosheet-records.ts (records, games, start time); this module builds the games.
 */

export { parseRetrosheetEvent, type RetrosheetPlay } from './retrosheet-event';
export { retrosheetKickoff, splitRetrosheetGames, type RetrosheetRawGame } from './retrosheet-records';
export { RETROSHEET_PARKS, RETROSHEET_TEAMS } from './retrosheet-teams';

const sideOf = (code: string): Side => (code === '1' ? 'home' : 'away');

/** Earned runs charged to one pitcher by the official scorer (`data,er`). */
export interface RetrosheetEarnedRuns {
  pitcher_id: string;
  pitcher: string;
  side: Side;
  er: number;
}

/**
 * Parses a Retrosheet event file (`.EVN`/`.EVA`, text as is; CRLF or LF; BOM stripped) into one
 * finished {@link ImportedSportMatch} per `id` record, with the play-by-play as events.
 *
 * Per game:
 * - source_key `retrosheet/<game id>` (e.g. `retrosheet/CHN201604110`); competition `mlb`,
 *   season = year of `info,date`; venue from {@link RETROSHEET_PARKS} (else the park code).
 * - teams: `info,visteam` (away) and `info,hometeam` via {@link RETROSHEET_TEAMS}.
 * - kickoff: `info,date` + `info,starttime`, a LOCAL time at the ballpark, read in the park's
 *   zone (Wrigley Field CHI11 = America/Chicago, DST-aware), else the home team's zone; an
 *   unknown start time (missing/`0:00PM`) is {@link DEFAULT_LOCAL_TIME} local.
 * - events, ids `retrosheet/<game id>/<n>` (n = 1, 2, … in emission order, stable for a file):
 *   `lineup` away then home (from `start` records); per `play` record a `plate_appearance` or
 *   `base_running` event (decoded by {@link parseRetrosheetEvent}; `NP` records emit nothing);
 *   `substitution` / `pitching_change` (fielding position 1) per `sub` record; a
 *   `half_inning_end` after each play that ends a half; a final `result` in every game (detail
 *   `{home, away, innings, called?: true, winning_pitcher, losing_pitcher, save, earned_runs}`:
 *   it ends a called game, and carries the official scorer's decisions and earned runs into
 *   the engine's state — `state.result`, which the statistics and box score read).
 *   Players are display names from `start`/`sub` (ids in detail).
 *   Every event is applied to lib/baseball/rules as it is built, so the import fails on a play
 *   the rules reject (runner on an empty base, a play after the game ended, …).
 * - result: the runs of the replayed state; detail = { line_score, hits, errors,
 *   left_on_base, innings, called, game_number, winning_pitcher, losing_pitcher, save (each
 *   {id, name} or null), earned_runs: {@link RetrosheetEarnedRuns}[] from `data,er` }.
 * - stats per side: { runs, hits, errors, left_on_base }.
 * `com`, `badj` (and other `*adj`) records are skipped.
 * @throws ImportError on unknown record types, unreadable event codes, unknown team codes,
 *   bad dates, or a play the baseball rules reject (message names the game and line).
 */
export function parseRetrosheet(text: string): ImportedSportMatch[] {
  return splitRetrosheetGames(text).map(buildGame);
}

function buildGame(g: RetrosheetRawGame): ImportedSportMatch {
  const where = `game ${g.id} (line ${g.line})`;
  const away = RETROSHEET_TEAMS[g.info.visteam];
  const home = RETROSHEET_TEAMS[g.info.hometeam];
  if (!away || !home) throw new ImportError(`${where}: unknown team code ${away ? g.info.hometeam : g.info.visteam}`);
  const park = RETROSHEET_PARKS[g.info.site];
  const kickoff = retrosheetKickoff(g.info.date, g.info.starttime, park?.zone ?? home.zone, where);

  const names = new Map<string, string>();
  const nameSide = new Map<string, Side>();
  const pitcherIds: Record<Side, string | null> = { away: null, home: null };
  for (const r of g.records) {
    if (r.kind === 'start' || r.kind === 'sub') {
      names.set(r.f[1], r.f[2] || r.f[1]);
      nameSide.set(r.f[1], sideOf(r.f[3]));
    }
  }
  const nameOf = (id: string): string => names.get(id) ?? id;

  const events: SportEvent[] = [];
  let state: BaseballState = initialState();
  let currentLine = g.line;
  const emit = (e: Omit<SportEvent, 'event_id' | 'minute' | 'clock_seconds'>): void => {
    const ev: SportEvent = {
      event_id: `retrosheet/${g.id}/${events.length + 1}`,
      minute: null,
      clock_seconds: null,
      ...e,
    };
    try {
      state = applyEvent(state, ev);
    } catch (err) {
      if (err instanceof RuleError)
        throw new ImportError(`${where}, line ${currentLine}: ${err.message}`, { cause: err });
      throw err;
    }
    events.push(ev);
  };

  const starters: Record<Side, LineupEntry[]> = { away: [], home: [] };
  let period: string | null = null;
  let lineupsSent = false;
  const sendLineups = (): void => {
    if (lineupsSent) return;
    lineupsSent = true;
    for (const side of ['away', 'home'] as const) {
      emit({ type: 'lineup', side, player: null, period: null, detail: { players: starters[side] } });
    }
  };
  const earned: RetrosheetEarnedRuns[] = [];

  for (const r of g.records) {
    currentLine = r.line;
    const f = r.f;
    if (r.kind === 'start') {
      if (f[5] === '1') pitcherIds[sideOf(f[3])] = f[1];
      starters[sideOf(f[3])].push({
        player: nameOf(f[1]),
        player_id: f[1],
        batting_order: Number(f[4]),
        position: Number(f[5]),
      });
    } else if (r.kind === 'sub') {
      sendLineups();
      const position = Number(f[5]);
      if (position === 1) pitcherIds[sideOf(f[3])] = f[1];
      emit({
        type: position === 1 ? 'pitching_change' : 'substitution',
        side: sideOf(f[3]),
        player: nameOf(f[1]),
        period,
        detail: { player_id: f[1], batting_order: Number(f[4]), position },
      });
    } else if (r.kind === 'play') {
      sendLineups();
      const [, inning, team, batterId, count, pitches, code] = f;
      if (code === undefined)
        throw new ImportError(`${where}, line ${r.line}: play record has ${f.length} fields, expected 7`);
      period = `${team === '1' ? 'bottom' : 'top'}_${Number(inning)}`;
      if (code === 'NP') continue;
      let play;
      try {
        play = parseRetrosheetEvent(code);
      } catch (err) {
        throw new ImportError(`${where}, line ${r.line}: ${(err as Error).message}`, { cause: err });
      }
      const side = sideOf(team);
      const fielding: Side = side === 'home' ? 'away' : 'home';
      const pitcher = state.pitchers[fielding];
      const pitcherId = pitcherIds[fielding];
      const detail: PlayDetail = {
        outcome: play.outcome,
        advances: play.advances,
        errors: play.errors,
        code,
        count: /^\d\d$/.test(count) ? count : null,
        pitches: pitches || null,
        pitcher,
        batter_id: batterId,
        pitcher_id: pitcherId,
        modifiers: play.modifiers,
      };
      emit({
        type: play.ends_plate_appearance ? 'plate_appearance' : 'base_running',
        side,
        player: nameOf(batterId),
        period,
        detail: detail as unknown as Record<string, unknown>,
      });
      if (state.status === 'break')
        emit({ type: 'half_inning_end', side, player: null, period, detail: { outs: state.outs } });
    } else if (r.kind === 'data' && f[1] === 'er') {
      earned.push({ pitcher_id: f[2], pitcher: nameOf(f[2]), side: nameSide.get(f[2]) ?? 'home', er: Number(f[3]) });
    }
  }
  sendLineups();
  const called = state.status !== 'finished';
  const person = (id: string | undefined) => (id ? { id, name: nameOf(id) } : null);
  const decisions = {
    winning_pitcher: person(g.info.wp),
    losing_pitcher: person(g.info.lp),
    save: person(g.info.save),
    earned_runs: earned,
  };
  // Always closes with a result: it ends a called game, and it is how the scorer's earned runs
  // and decisions reach the engine's state (state.result, hence result_detail and the box score).
  emit({
    type: 'result',
    side: null,
    player: null,
    period: null,
    detail: {
      home: state.runs.home,
      away: state.runs.away,
      innings: state.inning,
      ...(called ? { called: true } : {}),
      ...decisions,
    },
  });
  const winner: Side | null =
    state.runs.home > state.runs.away ? 'home' : state.runs.away > state.runs.home ? 'away' : null;
  return {
    sport: 'baseball',
    source: 'retrosheet',
    source_key: `retrosheet/${g.id}`,
    competition: 'mlb',
    competition_name: 'Major League Baseball',
    season: g.info.date.slice(0, 4),
    round: null,
    group: null,
    venue: park?.name ?? g.info.site ?? null,
    kickoff,
    home_team: home.name,
    away_team: away.name,
    status: 'finished',
    result: {
      home: state.runs.home,
      away: state.runs.away,
      winner,
      detail: {
        line_score: state.line_score,
        hits: state.hits,
        errors: state.errors,
        left_on_base: state.left_on_base,
        innings: state.inning,
        called,
        game_number: Number(g.info.number ?? 0),
        ...decisions,
      },
    },
    events,
    stats: {
      home: {
        runs: state.runs.home,
        hits: state.hits.home,
        errors: state.errors.home,
        left_on_base: state.left_on_base.home,
      },
      away: {
        runs: state.runs.away,
        hits: state.hits.away,
        errors: state.errors.away,
        left_on_base: state.left_on_base.away,
      },
    },
  };
}
