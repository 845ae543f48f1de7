/**
 * The standings columns of each sport, read from the row objects of GET /v1/{sport}/standings
 * (lib/wire/standings.ts; lib/<sport>/standings.ts): NBA W, L, PCT, GB; NHL GP, W, L, OTL, PTS;
 * rugby bonus points; cricket net run rate; tennis, golf and MMA records of players. A sport
 * without a column set (or rows without its fields) gets its row's keys, worded generically.
 * Football keeps its own table (StandingsTable.tsx).
 */
export type Row = Record<string, unknown>;

export interface StandingsColumn {
  /** Header text and its spelled-out title. */
  abbr: string;
  title: string;
  value(row: Row): string | number;
  /** The ranking figure (bold). */
  main?: boolean;
  /** Hidden on phones. */
  wide?: boolean;
  /** Width class (table-layout: fixed). */
  w?: string;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const dash = '–';
/** .707 (win percentage as sports tables print it). */
export const pct3 = (v: unknown) => (num(v) == null ? dash : (num(v) as number).toFixed(3).replace(/^0(?=\.)/, ''));
/** Games behind: – for the leader, 3.5. */
export const gamesBehind = (v: unknown) => (num(v) == null ? dash : num(v) === 0 ? dash : String(num(v)));
/** +5, −3, 0. */
export const signed = (v: unknown, digits = 0) => {
  const n = num(v);
  if (n == null) return dash;
  const t = Math.abs(n).toFixed(digits);
  return n > 0 ? `+${t}` : n < 0 ? `−${t}` : t;
};
/** {won, lost} → 35–6. */
export const record = (v: unknown) => {
  const o = v && typeof v === 'object' ? (v as Row) : null;
  return o && num(o.won) != null && num(o.lost) != null ? `${o.won}–${o.lost}` : dash;
};
const percent = (v: unknown) => (num(v) == null ? dash : `${Math.round((num(v) as number) * 100)}%`);
const plain = (v: unknown) =>
  num(v) != null
    ? Number.isInteger(v)
      ? (v as number)
      : Math.round((v as number) * 100) / 100
    : v == null
      ? dash
      : String(v);
const pair = (a: string, b: string) => (r: Row) => (num(r[a]) == null ? dash : `${r[a]}–${r[b] ?? 0}`);

const col = (key: string, abbr: string, title: string, o: Partial<StandingsColumn> = {}): StandingsColumn => ({
  abbr,
  title,
  value: (r) => plain(r[key]),
  ...o,
});

const COLUMNS: Record<string, { name: string; key: string; columns: StandingsColumn[] }> = {
  basketball: {
    name: 'Team',
    key: 'won',
    columns: [
      col('won', 'W', 'Won'),
      col('lost', 'L', 'Lost'),
      col('win_pct', 'PCT', 'Win percentage', { value: (r) => pct3(r.win_pct), main: true, w: 'w-12' }),
      col('games_behind', 'GB', 'Games behind', { value: (r) => gamesBehind(r.games_behind), w: 'w-11' }),
      col('home', 'Home', 'Home record', { value: (r) => record(r.home), wide: true, w: 'w-14' }),
      col('away', 'Away', 'Away record', { value: (r) => record(r.away), wide: true, w: 'w-14' }),
      col('points_for', 'PF', 'Points for', { wide: true, w: 'w-14' }),
      col('points_against', 'PA', 'Points against', { wide: true, w: 'w-14' }),
    ],
  },
  'ice-hockey': {
    name: 'Team',
    key: 'points',
    columns: [
      col('played', 'GP', 'Games played'),
      col('won', 'W', 'Won'),
      col('lost', 'L', 'Lost in regulation'),
      col('ot_losses', 'OTL', 'Overtime and shootout losses', { w: 'w-11' }),
      col('points', 'PTS', 'Points', { main: true, w: 'w-11' }),
      col('points_pct', 'P%', 'Points percentage', { value: (r) => pct3(r.points_pct), wide: true, w: 'w-12' }),
      col('regulation_wins', 'RW', 'Regulation wins', { wide: true }),
      col('regulation_overtime_wins', 'ROW', 'Regulation and overtime wins', { wide: true, w: 'w-11' }),
      col('goals_for', 'GF', 'Goals for', { wide: true }),
      col('goals_against', 'GA', 'Goals against', { wide: true }),
      col('goal_difference', 'DIFF', 'Goal difference', { value: (r) => signed(r.goal_difference), w: 'w-12' }),
    ],
  },
  rugby: {
    name: 'Team',
    key: 'points',
    columns: [
      col('played', 'P', 'Played'),
      col('won', 'W', 'Won'),
      col('drawn', 'D', 'Drawn'),
      col('lost', 'L', 'Lost'),
      col('points_for', 'PF', 'Points for', { wide: true, w: 'w-12' }),
      col('points_against', 'PA', 'Points against', { wide: true, w: 'w-12' }),
      col('points_difference', 'PD', 'Points difference', { value: (r) => signed(r.points_difference), w: 'w-12' }),
      col('tries_for', 'TF', 'Tries for', { wide: true }),
      col('tries_against', 'TA', 'Tries against', { wide: true }),
      col('try_bonus', 'TB', 'Try bonus points'),
      col('losing_bonus', 'LB', 'Losing bonus points'),
      col('points', 'Pts', 'Competition points', { main: true }),
    ],
  },
  cricket: {
    name: 'Team',
    key: 'points',
    columns: [
      col('played', 'P', 'Played'),
      col('won', 'W', 'Won'),
      col('lost', 'L', 'Lost'),
      col('tied', 'T', 'Tied'),
      col('no_result', 'NR', 'No result'),
      col('points', 'Pts', 'Points', { main: true }),
      col('net_run_rate', 'NRR', 'Net run rate', { value: (r) => signed(r.net_run_rate, 3), w: 'w-16' }),
    ],
  },
  tennis: {
    name: 'Player',
    key: 'wins',
    columns: [
      col('matches', 'M', 'Matches'),
      col('wins', 'W', 'Wins', { main: true }),
      col('losses', 'L', 'Losses'),
      col('win_pct', 'PCT', 'Win percentage', { value: (r) => pct3(r.win_pct), w: 'w-12' }),
      col('sets_won', 'Sets', 'Sets won–lost', { value: pair('sets_won', 'sets_lost'), wide: true, w: 'w-16' }),
      col('games_won', 'Games', 'Games won–lost', { value: pair('games_won', 'games_lost'), wide: true, w: 'w-20' }),
      col('titles', 'Titles', 'Titles', { w: 'w-12' }),
    ],
  },
  golf: {
    name: 'Player',
    key: 'points',
    columns: [
      col('events', 'Ev', 'Events'),
      col('wins', 'W', 'Wins'),
      col('top_10', 'Top 10', 'Top-10 finishes', { w: 'w-14' }),
      col('cuts_made', 'Cuts', 'Cuts made', { wide: true, w: 'w-12' }),
      col('best_finish', 'Best', 'Best finish', { wide: true, w: 'w-12' }),
      col('points', 'Pts', 'Order of merit points', { main: true, w: 'w-16' }),
    ],
  },
  mma: {
    name: 'Fighter',
    key: 'wins',
    columns: [
      col('bouts', 'B', 'Bouts'),
      col('wins', 'W', 'Wins', { main: true }),
      col('losses', 'L', 'Losses'),
      col('draws', 'D', 'Draws'),
      col('no_contests', 'NC', 'No contests', { wide: true }),
      col('ko_tko_wins', 'KO', 'Wins by KO/TKO', { wide: true }),
      col('submission_wins', 'SUB', 'Wins by submission', { wide: true, w: 'w-11' }),
      col('decision_wins', 'DEC', 'Wins by decision', { wide: true, w: 'w-11' }),
      col('finish_rate', 'Fin%', 'Finish rate', { value: (r) => percent(r.finish_rate), w: 'w-12' }),
    ],
  },
  esports: {
    name: 'Team',
    key: 'wins',
    columns: [
      col('played', 'P', 'Played'),
      col('wins', 'W', 'Wins', { main: true }),
      col('losses', 'L', 'Losses'),
      col('maps_won', 'Maps', 'Maps won–lost', { value: pair('maps_won', 'maps_lost'), w: 'w-14' }),
      col('map_difference', 'MD', 'Map difference', { value: (r) => signed(r.map_difference) }),
      col('round_difference', 'RD', 'Round difference', {
        value: (r) => signed(r.round_difference),
        wide: true,
        w: 'w-12',
      }),
    ],
  },
};

/** Keys never shown as generic columns (the position and name columns, live markers). */
const SKIP = new Set(['position', 'team', 'player', 'fighter', 'name', 'live', 'live_position_change', 'form']);

/** Generic columns from a row's keys (a sport without a column set, or rows of another shape). */
export function genericColumns(row: Row): StandingsColumn[] {
  return Object.keys(row)
    .filter((k) => !SKIP.has(k))
    .map((k) => {
      const words = k.replace(/_/g, ' ');
      const v = row[k];
      const isRecord = v != null && typeof v === 'object' && !Array.isArray(v);
      return col(k, words.length <= 3 ? words.toUpperCase() : words.charAt(0).toUpperCase() + words.slice(1), words, {
        value: (r) => (isRecord ? record(r[k]) : Array.isArray(r[k]) ? (r[k] as unknown[]).join(' ') : plain(r[k])),
        w: words.length > 4 ? 'w-20' : undefined,
        main: k === 'points',
      });
    });
}

/**
 * The columns of `sport` for these rows, and the name column's header: the sport's set when the
 * rows carry its ranking field, else the rows' own keys.
 */
export function standingsColumns(sport: string, rows: Row[]): { name: string; columns: StandingsColumn[] } {
  const def = COLUMNS[sport];
  if (def && rows.some((r) => def.key in r)) return { name: def.name, columns: def.columns };
  return { name: def?.name ?? 'Team', columns: rows[0] ? genericColumns(rows[0]) : [] };
}

/** The competitor's name in a row: team, else player, fighter or name. */
export function rowName(r: Row): string {
  for (const k of ['team', 'player', 'fighter', 'name']) if (typeof r[k] === 'string') return r[k] as string;
  return '?';
}
