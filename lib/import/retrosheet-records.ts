/**
 * Retrosheet event files (`.EVN`/`.EVA`) as records: games split at `id`, fields unquoted, the
 * start time read in the ballpark's zone. Format: https://www.retrosheet.org/eventfile.htm.
 */
import { TZDate } from '@date-fns/tz';
import { ImportError } from './errors';
import { DEFAULT_LOCAL_TIME, toIsoUtc } from './kickoff';

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

/** One game of an event file: its `id`, the line it starts on, `info` values and play records. */
export interface RetrosheetRawGame {
  id: string;
  line: number;
  info: Record<string, string>;
  /** start / sub / play / data records in file order (com and badj are skipped). */
  records: { kind: string; f: string[]; line: number }[];
}

/**
 * Splits the text of an event file (CRLF or LF, BOM stripped) into games at each `id` record.
 * `version`, `com` and the `*adj` records are skipped.
 * @throws ImportError (naming the line) on a record before the first `id`, or an unknown record type
 */
export function splitRetrosheetGames(text: string): RetrosheetRawGame[] {
  const games: RetrosheetRawGame[] = [];
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
    else if (kind === 'start' || kind === 'sub' || kind === 'play' || kind === 'data')
      g.records.push({ kind, f, line: i + 1 });
    else if (
      kind !== 'version' &&
      kind !== 'com' &&
      kind !== 'badj' &&
      kind !== 'padj' &&
      kind !== 'ladj' &&
      kind !== 'radj' &&
      kind !== 'presadj'
    ) {
      throw new ImportError(`line ${i + 1}: unknown record type "${kind}"`);
    }
  });
  return games;
}

/**
 * `info,date` (`yyyy/mm/dd`) + `info,starttime` (local wall time at the park) → ISO 8601 UTC
 * with Z, read in IANA `zone` (DST-aware). `starttime` is `h:mmAM|PM` (e.g. `7:06PM`); missing
 * or `0:00PM` (unknown) → {@link DEFAULT_LOCAL_TIME}.
 * @param where how the message names the game
 * @throws ImportError on an invalid date
 */
export function retrosheetKickoff(date: string, starttime: string | undefined, zone: string, where: string): string {
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
