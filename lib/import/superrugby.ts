import { parse } from 'csv-parse/sync';
import type { ImportedSportMatch, Side } from '../rules/contract';
import { ImportError } from './errors';
import { isoDateFromParts } from './month-date';
import { localKickoffToUtc } from './kickoff';

/*
 * Super Rugby results 1996–2015 (`superrugby_raw.csv`, thmcmahon/superrugby, CC0; compiled by
 * Kevin Lassen, lassen.co.nz). Columns: Comp, In, Type, Date, Round, Match, Score, Tries,
 * Points, Adv, Time, Adv — the header names `Adv` twice: the first is the venue (city), the
 * second the margin band ("13+", "-12", "0"). "NA" means missing.
 */

/** `Comp` → display name of the competition in those seasons. */
export const SUPER_RUGBY_COMPS: Readonly<Record<string, string>> = {
  S12: 'Super 12',
  S14: 'Super 14',
  S15: 'Super Rugby',
};

/** `Round` values that are not numbers → round label (numbers become `Round <n>`). */
export const SUPER_RUGBY_ROUNDS: Readonly<Record<string, string>> = {
  Semi: 'Semi-final',
  Final: 'Final',
  Elim: 'Qualifier',
  Qual: 'Qualifier',
};

/** `In` (home country) → IANA zone; Australian venues are refined by {@link VENUE_ZONES}. */
export const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  NZL: 'Pacific/Auckland',
  SAF: 'Africa/Johannesburg',
  AUS: 'Australia/Sydney',
};
/** Venues whose zone differs from the country default (Western Australia, Queensland; a game in London). */
export const VENUE_ZONES: Readonly<Record<string, string>> = {
  Perth: 'Australia/Perth',
  Brisbane: 'Australia/Brisbane',
  Townsville: 'Australia/Brisbane',
  Melbourne: 'Australia/Melbourne',
  Twickenham: 'Europe/London',
};

const na = (v: string | undefined): string | null => (v === undefined || v === '' || v === 'NA' ? null : v);

function pair(v: string, sep: string, what: string, where: string): [number, number] {
  const m = new RegExp(`^(\\d+)${sep}(\\d+)$`).exec(v.trim());
  if (!m) throw new ImportError(`${where}: invalid ${what} "${v}"`);
  return [Number(m[1]), Number(m[2])];
}

/**
 * Parses `superrugby_raw.csv` (as it is: duplicate `Adv` header, "NA" for missing) into
 * finished Super Rugby matches (source `superrugby`, competition `super-rugby`).
 * - teams from `Match` "Home v Away"; result from `Score` "home-away"; tries from `Tries`
 *   "home:away"; competition points from `Points` "home-away" (as awarded, bonus points
 *   included); result.detail = { tries, competition_points, margin_band, match_type (Type,
 *   2011+), home_country (In) }; stats per side { tries, competition_points }.
 * - round `Round <n>` or {@link SUPER_RUGBY_ROUNDS}; season = year of `Date`; venue = first `Adv`.
 * - kickoff: `Date` ("Sat, 25 May 1996") + `Time` (local "19:35", 2003 onwards) read in the
 *   venue's zone ({@link VENUE_ZONES}, else {@link COUNTRY_ZONES} by `In`); no time → 12:00 local.
 * - source_key `superrugby/<yyyy-mm-dd>/<home>/<away>`.
 * @throws ImportError on bad CSV, an unexpected header, unknown Comp/In/Round values, or
 *   unreadable Date, Match, Score, Tries or Points cells (message names the row).
 */
export function parseSuperRugby(csvText: string): ImportedSportMatch[] {
  let records: string[][];
  try {
    records = parse(csvText, { bom: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    throw new ImportError(`invalid Super Rugby CSV: ${(e as Error).message}`, { cause: e });
  }
  const header = records[0] ?? [];
  const expected = ['Comp', 'In', 'Type', 'Date', 'Round', 'Match', 'Score', 'Tries', 'Points', 'Adv', 'Time', 'Adv'];
  if (header.join(',') !== expected.join(','))
    throw new ImportError(`unexpected Super Rugby header "${header.join(',')}" (expected ${expected.join(',')})`);
  return records.slice(1).map((r, i) => {
    const where = `row ${i + 2}`;
    const [
      comp,
      country,
      type,
      dateCell,
      roundCell,
      match,
      scoreCell,
      triesCell,
      pointsCell,
      venueCell,
      timeCell,
      marginCell,
    ] = r;
    const compName = SUPER_RUGBY_COMPS[comp];
    if (!compName) throw new ImportError(`${where}: unknown Comp "${comp}"`);
    const d = /^[A-Za-z]{3}, (\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(dateCell ?? '');
    const date = d && isoDateFromParts(d[1], d[2], d[3]);
    if (!date) throw new ImportError(`${where}: invalid Date "${dateCell}"`);
    const teams = (match ?? '').split(' v ');
    if (teams.length !== 2 || !teams[0] || !teams[1])
      throw new ImportError(`${where}: invalid Match "${match}" (expected "Home v Away")`);
    const [home, away] = teams.map((t) => t.trim());
    const round = /^\d+$/.test(roundCell) ? `Round ${roundCell}` : SUPER_RUGBY_ROUNDS[roundCell];
    if (!round) throw new ImportError(`${where}: unknown Round "${roundCell}"`);
    const score = pair(scoreCell, '-', 'Score', where);
    const tries = pair(triesCell, ':', 'Tries', where);
    const points = pair(pointsCell, '-', 'Points', where);
    const venue = na(venueCell);
    const zone = (venue && VENUE_ZONES[venue]) ?? COUNTRY_ZONES[country];
    if (!zone) throw new ImportError(`${where}: unknown home country "${country}"`);
    const winner: Side | null = score[0] > score[1] ? 'home' : score[1] > score[0] ? 'away' : null;
    return {
      sport: 'rugby',
      source: 'superrugby',
      source_key: `superrugby/${date}/${home}/${away}`,
      competition: 'super-rugby',
      competition_name: compName,
      season: d[3],
      round,
      group: null,
      venue,
      kickoff: localKickoffToUtc(date, na(timeCell), zone),
      home_team: home,
      away_team: away,
      status: 'finished',
      result: {
        home: score[0],
        away: score[1],
        winner,
        detail: {
          tries: { home: tries[0], away: tries[1] },
          competition_points: { home: points[0], away: points[1] },
          margin_band: na(marginCell),
          match_type: na(type),
          home_country: country,
        },
      },
      events: [],
      stats: {
        home: { tries: tries[0], competition_points: points[0] },
        away: { tries: tries[1], competition_points: points[1] },
      },
    };
  });
}
