import { TZDate } from '@date-fns/tz';
import { applyEvent, initialState } from '../baseball/rules';
import type { Advance, Base, BaseballState, LineupEntry, PlayDetail, PlayOutcome, Side } from '../baseball/types';
import { RuleError, type ImportedSportMatch, type SportEvent } from '../rules/contract';
import { ImportError } from './errors';
import { DEFAULT_LOCAL_TIME, toIsoUtc } from './kickoff';

/*
 * Retrosheet event files (`<year><TEAM>.EV[NA]`, one team's home games, play by play).
 * Format: https://www.retrosheet.org/eventfile.htm. Notice required by Retrosheet (verbatim):
 * "The information used here was obtained free of charge from and is copyrighted by Retrosheet.
 * Interested parties may contact Retrosheet at "www.retrosheet.org"."
 */

/**
 * 2016 MLB team codes as Retrosheet writes them → team name and home time zone (IANA).
 * The zone is the home ballpark's, used to read `info,starttime` (local wall time).
 */
export const RETROSHEET_TEAMS: Readonly<Record<string, { name: string; zone: string }>> = {
  ANA: { name: 'Los Angeles Angels', zone: 'America/Los_Angeles' },
  ARI: { name: 'Arizona Diamondbacks', zone: 'America/Phoenix' },
  ATL: { name: 'Atlanta Braves', zone: 'America/New_York' },
  BAL: { name: 'Baltimore Orioles', zone: 'America/New_York' },
  BOS: { name: 'Boston Red Sox', zone: 'America/New_York' },
  CHA: { name: 'Chicago White Sox', zone: 'America/Chicago' },
  CHN: { name: 'Chicago Cubs', zone: 'America/Chicago' },
  CIN: { name: 'Cincinnati Reds', zone: 'America/New_York' },
  CLE: { name: 'Cleveland Indians', zone: 'America/New_York' },
  COL: { name: 'Colorado Rockies', zone: 'America/Denver' },
  DET: { name: 'Detroit Tigers', zone: 'America/Detroit' },
  HOU: { name: 'Houston Astros', zone: 'America/Chicago' },
  KCA: { name: 'Kansas City Royals', zone: 'America/Chicago' },
  LAN: { name: 'Los Angeles Dodgers', zone: 'America/Los_Angeles' },
  MIA: { name: 'Miami Marlins', zone: 'America/New_York' },
  MIL: { name: 'Milwaukee Brewers', zone: 'America/Chicago' },
  MIN: { name: 'Minnesota Twins', zone: 'America/Chicago' },
  NYA: { name: 'New York Yankees', zone: 'America/New_York' },
  NYN: { name: 'New York Mets', zone: 'America/New_York' },
  OAK: { name: 'Oakland Athletics', zone: 'America/Los_Angeles' },
  PHI: { name: 'Philadelphia Phillies', zone: 'America/New_York' },
  PIT: { name: 'Pittsburgh Pirates', zone: 'America/New_York' },
  SDN: { name: 'San Diego Padres', zone: 'America/Los_Angeles' },
  SEA: { name: 'Seattle Mariners', zone: 'America/Los_Angeles' },
  SFN: { name: 'San Francisco Giants', zone: 'America/Los_Angeles' },
  SLN: { name: 'St. Louis Cardinals', zone: 'America/Chicago' },
  TBA: { name: 'Tampa Bay Rays', zone: 'America/New_York' },
  TEX: { name: 'Texas Rangers', zone: 'America/Chicago' },
  TOR: { name: 'Toronto Blue Jays', zone: 'America/Toronto' },
  WAS: { name: 'Washington Nationals', zone: 'America/New_York' },
};

/**
 * Retrosheet park codes → ballpark name and IANA zone. Only the parks this project's data needs
 * (2016CHN.EVN holds Cubs home games, all at Wrigley Field); any other park is read in the
 * home team's zone ({@link RETROSHEET_TEAMS}) and its code is kept as the venue.
 */
export const RETROSHEET_PARKS: Readonly<Record<string, { name: string; zone: string }>> = {
  CHI11: { name: 'Wrigley Field', zone: 'America/Chicago' },
};

// ---------------------------------------------------------------------------------------------
// Event codes
// ---------------------------------------------------------------------------------------------

/** A Retrosheet event code decoded: what happened to the batter and every runner. */
export interface RetrosheetPlay {
  outcome: PlayOutcome;
  /** True when the batter's plate appearance ends with this play. */
  ends_plate_appearance: boolean;
  /** Every movement, batter included, explicit advances overriding the implied ones. */
  advances: Advance[];
  /** Errors on the play (each `E<fielder>` in the basic play, its modifiers and the advances). */
  errors: number;
  modifiers: string[];
}

/** Splits at `sep` outside parentheses. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const hasError = (s: string): boolean => /E\d/.test(s);
const countErrors = (s: string): number => (s.match(/E\d/g) ?? []).length;
const NEXT_BASE: Record<Base, Base | 'H'> = { '1': '2', '2': '3', '3': 'H' };
const STEAL_FROM: Record<string, Base> = { '2': '1', '3': '2', H: '3' };

/**
 * Outs recorded by a fielder sequence such as `63`, `64(1)3`, `8(B)84(2)`, `54(1)`: each
 * `(runner)` group puts that runner out; a sequence ending without a group puts the batter out,
 * one ending with a group leaves the batter safe at first (force out / fielder's choice).
 */
function fielderSequence(basic: string): { outs: Base[]; batterOut: boolean } {
  const outs: ('B' | Base)[] = [];
  const re = /(\d+)(?:\(([B123])\))?/g;
  let m: RegExpExecArray | null;
  let lastHadGroup = false;
  while ((m = re.exec(basic))) {
    if (m[2]) outs.push(m[2] as 'B' | Base);
    lastHadGroup = m[2] !== undefined;
  }
  const batterOut = outs.includes('B') || !lastHadGroup;
  return { outs: outs.filter((o): o is Base => o !== 'B'), batterOut };
}

/** Running play after `K+` / `W+` or on its own (SB, CS, PO, POCS, WP, PB, BK, DI, OA). */
function runningPlay(basic: string): { outcome: PlayOutcome; implied: Advance[]; errors: number } | null {
  const parts = basic.split(';');
  let outcome: PlayOutcome | null = null;
  const implied: Advance[] = [];
  let errors = 0;
  for (const p of parts) {
    let m: RegExpExecArray | null;
    if ((m = /^SB([23H])$/.exec(p))) {
      outcome = 'stolen_base';
      implied.push({ from: STEAL_FROM[m[1]], to: m[1] as Base | 'H', out: false });
    } else if ((m = /^(PO)?CS([23H])(\(.*\))?$/.exec(p))) {
      outcome = 'caught_stealing';
      const safe = hasError(m[3] ?? '');
      errors += countErrors(m[3] ?? '');
      const from = STEAL_FROM[m[2]];
      implied.push(safe ? { from, to: m[2] as Base | 'H', out: false } : { from, to: m[2] as Base | 'H', out: true });
    } else if ((m = /^PO([123])(\(.*\))?$/.exec(p))) {
      outcome = 'pickoff';
      const safe = hasError(m[2] ?? '');
      errors += countErrors(m[2] ?? '');
      if (!safe) implied.push({ from: m[1] as Base, to: m[1] as Base, out: true });
    } else if (p === 'WP') outcome = 'wild_pitch';
    else if (p === 'PB') outcome = 'passed_ball';
    else if (p === 'BK') outcome = 'balk';
    else if (p === 'DI') outcome = 'defensive_indifference';
    else if (p === 'OA') outcome = 'other_advance';
    else if ((m = /^E(\d)$/.exec(p))) {
      outcome = 'other_advance';
      errors += 1;
    } else return null;
  }
  return outcome ? { outcome, implied, errors } : null;
}

/** One explicit advance, e.g. `1-3`, `3-H(UR)(NR)`, `2X3(265)`, `1X3(6E5)` (safe on the error). */
function parseAdvance(a: string, code: string): { adv: Advance; errors: number } {
  const m = /^([B123])([-X])([123H])((?:\([^)]*\))*)$/.exec(a);
  if (!m) throw new ImportError(`unreadable runner advance "${a}" in event "${code}"`);
  const params = [...m[4].matchAll(/\(([^)]*)\)/g)].map((x) => x[1]);
  const errors = params.reduce((n, p) => n + countErrors(p), 0);
  // An out on the bases is cancelled by an error in its fielding parameters (e.g. 2X3(5E6)).
  const out = m[2] === 'X' && !params.some((p) => /^\d*E\d/.test(p));
  const adv: Advance = { from: m[1] as Advance['from'], to: m[3] as Advance['to'], out };
  if (m[3] === 'H' && !out) {
    if (params.includes('UR')) adv.earned = false;
    if (params.includes('NR') || params.includes('NORBI')) adv.rbi = false;
    else if (params.includes('RBI')) adv.rbi = true;
  }
  return { adv, errors };
}

/**
 * Decodes a Retrosheet event code (the 7th field of a `play` record) per
 * retrosheet.org/eventfile.htm: `<basic play>[/<modifier>…][.<advance>;…]`.
 *
 * Implied movements (used unless an explicit advance names the same runner): single/double/
 * triple/home run put the batter on 1st/2nd/3rd/home (`DGR` 2nd); walk, intentional walk, hit by
 * pitch, error, fielder's choice and catcher interference (`C/E2`) put him on 1st; `SBn` moves
 * the runner one base; `CSn`, `POn`, `POCSn` put the runner out unless their fielding group has
 * an error; fielder sequences put out the runners in `(n)` groups and the batter unless the
 * sequence ends with a group (then the batter is safe at first); a strikeout puts the batter
 * out unless an explicit `B-` advance says he reached. `K+…`/`W+…` combine a strikeout/walk with
 * a running play. Uncertainty marks `#`, `!`, `?` are ignored.
 * @throws ImportError on a code it cannot read.
 */
export function parseRetrosheetEvent(code: string): RetrosheetPlay {
  const clean = code.replace(/[#!?]/g, '');
  const dot = splitTop(clean, '.');
  const playPart = dot[0];
  const advPart = dot.slice(1).join('.');
  const [basicRaw, ...modifiers] = splitTop(playPart, '/');
  const basic = basicRaw.trim();
  let outcome: PlayOutcome;
  let endsPa = true;
  let implied: Advance[] = [];
  let errors = 0;
  let m: RegExpExecArray | null;
  const bad = (): never => {
    throw new ImportError(`unreadable Retrosheet event "${code}"`);
  };

  if (basic === 'HP') {
    outcome = 'hit_by_pitch';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^(HR|H)\d*$/.test(basic)) {
    outcome = 'home_run';
    implied = [{ from: 'B', to: 'H', out: false }];
  } else if (basic === 'DGR') {
    outcome = 'double';
    implied = [{ from: 'B', to: '2', out: false }];
  } else if ((m = /^([SDT])\d*$/.exec(basic))) {
    outcome = ({ S: 'single', D: 'double', T: 'triple' } as const)[m[1] as 'S' | 'D' | 'T'];
    implied = [{ from: 'B', to: ({ S: '1', D: '2', T: '3' } as const)[m[1] as 'S' | 'D' | 'T'], out: false }];
  } else if ((m = /^(K|W|IW|I)\d*(?:\+(.+))?$/.exec(basic))) {
    outcome = m[1] === 'K' ? 'strikeout' : m[1] === 'W' ? 'walk' : 'intentional_walk';
    implied = [m[1] === 'K' ? { from: 'B', to: '1', out: true } : { from: 'B', to: '1', out: false }];
    if (m[2]) {
      const r = runningPlay(m[2]) ?? bad();
      implied.push(...r.implied);
      errors += r.errors;
    }
  } else if (/^E\d$/.test(basic)) {
    outcome = 'error';
    errors += 1;
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^FC\d*$/.test(basic)) {
    outcome = 'fielders_choice';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^FLE\d$/.test(basic)) {
    outcome = 'foul_error';
    endsPa = false;
    errors += 1;
  } else if (basic === 'C') {
    outcome = 'interference';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^\d/.test(basic)) {
    if (!/^(\d+(\([B123]\))?)+$/.test(basic)) bad();
    outcome = 'out';
    const seq = fielderSequence(basic);
    implied = seq.outs.map((b): Advance => ({ from: b, to: NEXT_BASE[b], out: true }));
    implied.push(seq.batterOut ? { from: 'B', to: '1', out: true } : { from: 'B', to: '1', out: false });
  } else {
    const r = runningPlay(basic) ?? bad();
    outcome = r.outcome;
    endsPa = false;
    implied = r.implied;
    errors += r.errors;
  }
  for (const mod of modifiers) errors += countErrors(mod);

  const explicit = new Map<string, Advance>();
  if (advPart) {
    for (const a of advPart.split(';')) {
      const { adv, errors: e } = parseAdvance(a.trim(), code);
      errors += e;
      explicit.set(adv.from, adv);
    }
  }
  const advances = implied.filter((a) => !explicit.has(a.from)).concat([...explicit.values()]);
  // A strikeout or fielder's out on the batter is replaced by an explicit `B-n` (he reached).
  return { outcome, ends_plate_appearance: endsPa, advances, errors, modifiers: modifiers.map((x) => x.trim()).filter(Boolean) };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** Splits a record at commas outside double quotes and unquotes the fields. */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

interface RawGame {
  id: string;
  line: number;
  info: Record<string, string>;
  /** start / sub / play / data records in file order (com and badj are skipped). */
  records: { kind: string; f: string[]; line: number }[];
}

function splitGames(text: string): RawGame[] {
  const games: RawGame[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const f = fields(line);
    const kind = f[0];
    if (kind === 'id') {
      games.push({ id: f[1], line: i + 1, info: {}, records: [] });
      return;
    }
    const g = games.at(-1);
    if (!g) throw new ImportError(`line ${i + 1}: "${kind}" record before the first id record`);
    if (kind === 'info') g.info[f[1]] = f.slice(2).join(',');
    else if (kind === 'start' || kind === 'sub' || kind === 'play' || kind === 'data') g.records.push({ kind, f, line: i + 1 });
    else if (kind !== 'version' && kind !== 'com' && kind !== 'badj' && kind !== 'padj' && kind !== 'ladj' && kind !== 'radj' && kind !== 'presadj') {
      throw new ImportError(`line ${i + 1}: unknown record type "${kind}"`);
    }
  });
  return games;
}

/**
 * `info,date` + `info,starttime` (local wall time at the park) → ISO UTC. `starttime` is
 * `h:mmAM|PM` (e.g. `7:06PM`); missing or `0:00PM` (unknown) → {@link DEFAULT_LOCAL_TIME}.
 */
function kickoffOf(date: string, starttime: string | undefined, zone: string, where: string): string {
  const d = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(date ?? '');
  if (!d) throw new ImportError(`${where}: invalid info,date "${date}" (expected yyyy/mm/dd)`);
  let h: number;
  let min: number;
  const t = /^(\d{1,2}):(\d{2})\s*([AP]M)?$/i.exec((starttime ?? '').trim());
  if (t && !(Number(t[1]) === 0 && Number(t[2]) === 0)) {
    h = Number(t[1]) % 12;
    min = Number(t[2]);
    if (t[3]?.toUpperCase() === 'PM') h += 12;
    else if (!t[3]) h = Number(t[1]);
  } else {
    [h, min] = DEFAULT_LOCAL_TIME.split(':').map(Number);
  }
  return toIsoUtc(new TZDate(+d[1], +d[2] - 1, +d[3], h, min, 0, zone).getTime());
}

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
 *   `half_inning_end` after each play that ends a half; a final `result` (detail
 *   `{home, away, innings, called: true}`) only when the plays leave the game unfinished (a
 *   called game). Players are display names from `start`/`sub` (ids in detail).
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
  return splitGames(text).map(buildGame);
}

function buildGame(g: RawGame): ImportedSportMatch {
  const where = `game ${g.id} (line ${g.line})`;
  const away = RETROSHEET_TEAMS[g.info.visteam];
  const home = RETROSHEET_TEAMS[g.info.hometeam];
  if (!away || !home) throw new ImportError(`${where}: unknown team code ${away ? g.info.hometeam : g.info.visteam}`);
  const park = RETROSHEET_PARKS[g.info.site];
  const kickoff = kickoffOf(g.info.date, g.info.starttime, park?.zone ?? home.zone, where);

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
    const ev: SportEvent = { event_id: `retrosheet/${g.id}/${events.length + 1}`, minute: null, clock_seconds: null, ...e };
    try {
      state = applyEvent(state, ev);
    } catch (err) {
      if (err instanceof RuleError) throw new ImportError(`${where}, line ${currentLine}: ${err.message}`, { cause: err });
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
      starters[sideOf(f[3])].push({ player: nameOf(f[1]), player_id: f[1], batting_order: Number(f[4]), position: Number(f[5]) });
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
      if (code === undefined) throw new ImportError(`${where}, line ${r.line}: play record has ${f.length} fields, expected 7`);
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
      if (state.status === 'break') emit({ type: 'half_inning_end', side, player: null, period, detail: { outs: state.outs } });
    } else if (r.kind === 'data' && f[1] === 'er') {
      earned.push({ pitcher_id: f[2], pitcher: nameOf(f[2]), side: nameSide.get(f[2]) ?? 'home', er: Number(f[3]) });
    }
  }
  sendLineups();
  let called = false;
  if (state.status !== 'finished') {
    called = true;
    emit({
      type: 'result',
      side: null,
      player: null,
      period: null,
      detail: { home: state.runs.home, away: state.runs.away, innings: state.inning, called: true },
    });
  }
  const person = (id: string | undefined) => (id ? { id, name: nameOf(id) } : null);
  const winner: Side | null = state.runs.home > state.runs.away ? 'home' : state.runs.away > state.runs.home ? 'away' : null;
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
        winning_pitcher: person(g.info.wp),
        losing_pitcher: person(g.info.lp),
        save: person(g.info.save),
        earned_runs: earned,
      },
    },
    events,
    stats: {
      home: { runs: state.runs.home, hits: state.hits.home, errors: state.errors.home, left_on_base: state.left_on_base.home },
      away: { runs: state.runs.away, hits: state.hits.away, errors: state.errors.away, left_on_base: state.left_on_base.away },
    },
  };
}
