/**
 * The live sources' settings, one declarative row per source (docs/adapters.md "Configuration"):
 * `SOURCES=nhl,mlb,…` enables them (none by default: the embedded default stays offline on the
 * bundled data), and every source reads the same shape of variables, `<PREFIX>_…`:
 *
 * | variable | meaning |
 * |---|---|
 * | the row's URL variable (`NHL_API_URL`, …) | base URL; the upstream's own paths go below it |
 * | the row's id-list variable (`NHL_GAME_IDS`, …) | games to follow besides discovery by date |
 * | `<PREFIX>_TEAMS` | follow these teams only (comma list; abbreviations or names, any case) |
 * | `<PREFIX>_INTERVAL_SECONDS` | poll interval while a followed game is live |
 * | `<PREFIX>_IDLE_INTERVAL_SECONDS` | poll interval otherwise |
 * | `<PREFIX>_REQUESTS_PER_MINUTE` | the source's request budget |
 *
 * Read by server/config.ts (validated at start like every variable: a bad value stops the start
 * naming it). This module imports no adapter: server/adapters/start-adapters.ts maps each
 * enabled source's name to its adapter (the source registry). An adapter's owner adds its row here
 * and its entry there.
 */
import { z } from 'zod';
import { isSport, type Sport } from '@/lib/sports';

/**
 * football-data.org competition code → catalogue slug (lib/catalogue/competitions.ts): the codes
 * FOOTBALL_DATA_ORG_COMPETITIONS accepts (server/config.ts) and the adapter maps
 * (server/adapters/football-data-org-mapping.ts). Here, on the config side, so the configuration
 * imports no adapter.
 */
export const FDO_COMPETITIONS: Readonly<Record<string, string>> = {
  PL: 'premier-league',
  BL1: 'bundesliga',
  PD: 'laliga',
  SA: 'serie-a',
  FL1: 'ligue-1',
  WC: 'world-cup',
  EC: 'euro',
};

/** One source's row: its name (the SOURCES value and the adapter's name), variables and defaults. */
export interface SourceRow {
  name: string;
  /** Prefix of its `<PREFIX>_TEAMS`, `_INTERVAL_SECONDS`, `_IDLE_INTERVAL_SECONDS`, `_REQUESTS_PER_MINUTE`. */
  prefix: string;
  /** The sports whose fixtures it writes. */
  sports: Sport[];
  /** Variable and default of the base URL. */
  urlVariable: string;
  defaultUrl: string;
  /** Variable of the game ids to follow, what one looks like, and how to say so. */
  idsVariable: string | null;
  idPattern: RegExp;
  idDescription: string;
  liveIntervalSeconds: number;
  idleIntervalSeconds: number;
  requestsPerMinute: number;
}

/** The sources, one row each. Owners of new adapters add a row (and a registry entry in start-adapters.ts). */
export const SOURCE_ROWS: readonly SourceRow[] = [
  {
    name: 'nhl',
    prefix: 'NHL',
    sports: ['ice-hockey'],
    urlVariable: 'NHL_API_URL',
    defaultUrl: 'https://api-web.nhle.com',
    idsVariable: 'NHL_GAME_IDS',
    idPattern: /^\d{10}$/,
    idDescription: '10-digit NHL game ids (e.g. 2024030121)',
    liveIntervalSeconds: 10,
    idleIntervalSeconds: 300,
    requestsPerMinute: 60,
  },
  {
    name: 'mlb',
    prefix: 'MLB',
    sports: ['baseball'],
    urlVariable: 'MLB_STATSAPI_URL',
    defaultUrl: 'https://statsapi.mlb.com',
    idsVariable: 'MLB_GAME_PKS',
    idPattern: /^\d{4,9}$/,
    idDescription: 'MLB gamePks (e.g. 744914)',
    liveIntervalSeconds: 10,
    idleIntervalSeconds: 300,
    requestsPerMinute: 60,
  },
  {
    name: 'nba',
    prefix: 'NBA',
    sports: ['basketball'],
    urlVariable: 'NBA_CDN_URL',
    defaultUrl: 'https://cdn.nba.com',
    idsVariable: 'NBA_GAME_IDS',
    idPattern: /^\d{10}$/,
    idDescription: '10-digit NBA game ids (e.g. 0022000001)',
    liveIntervalSeconds: 10,
    idleIntervalSeconds: 300,
    requestsPerMinute: 60,
  },
  {
    name: 'opendota',
    prefix: 'OPENDOTA',
    sports: ['esports'],
    urlVariable: 'OPENDOTA_API_URL',
    defaultUrl: 'https://api.opendota.com',
    idsVariable: 'OPENDOTA_MATCH_IDS',
    idPattern: /^\d{6,12}$/,
    idDescription: 'OpenDota match ids (e.g. 4080856812)',
    liveIntervalSeconds: 30,
    idleIntervalSeconds: 300,
    // OpenDota's free tier: 60 requests a minute, 50,000 a month (docs/adapters.md "opendota").
    requestsPerMinute: 30,
  },
  {
    // ESPN's site API: the "ids" are the {sport}/{league} paths followed (server/adapters/espn/espn-leagues.ts).
    name: 'espn',
    prefix: 'ESPN',
    sports: ['football', 'golf', 'mma', 'tennis', 'cricket', 'rugby'],
    urlVariable: 'ESPN_API_URL',
    defaultUrl: 'https://site.api.espn.com',
    idsVariable: 'ESPN_LEAGUES',
    idPattern:
      /^(soccer\/(eng\.1|ger\.1|esp\.1|ita\.1|fra\.1|fifa\.world|uefa\.euro)|(golf|mma|tennis|cricket|rugby)\/[a-z0-9][a-z0-9._-]{0,40})$/,
    idDescription:
      'ESPN {sport}/{league} paths: soccer/eng.1, ger.1, esp.1, ita.1, fra.1, fifa.world, uefa.euro (the catalogue), golf/pga, mma/ufc, tennis/atp, cricket/<id>, rugby/<id>',
    liveIntervalSeconds: 30,
    idleIntervalSeconds: 300,
    requestsPerMinute: 30,
  },
  {
    // The Odds API v4: the "ids" are the sport keys followed; its key, regions, budget and mapping
    // settings are read by server/config-odds-api.ts (docs/adapters.md "odds-api").
    name: 'odds-api',
    prefix: 'ODDS_API',
    sports: ['football', 'basketball', 'ice-hockey', 'baseball', 'tennis', 'cricket', 'rugby', 'mma'],
    urlVariable: 'ODDS_API_URL',
    defaultUrl: 'https://api.the-odds-api.com',
    idsVariable: 'ODDS_API_SPORTS',
    idPattern: /^(soccer|basketball|icehockey|baseball|tennis|cricket|rugbyleague|rugbyunion|mma)_[a-z0-9_]{1,60}$/,
    idDescription:
      'The Odds API sport keys of the sports Scoreline serves (soccer_epl, basketball_nba, icehockey_nhl, baseball_mlb, tennis_atp_wimbledon, cricket_ipl, rugbyunion_six_nations, mma_mixed_martial_arts, …)',
    // Quota-priced: each odds request costs markets × regions credits (docs/adapters.md "odds-api" budget).
    liveIntervalSeconds: 120,
    idleIntervalSeconds: 3600,
    requestsPerMinute: 30,
  },
];

/** The settings of one enabled source, as its adapter gets them. Intervals in ms. */
export interface SourceSettings {
  name: string;
  baseUrl: string;
  gameIds: string[];
  /** Upper-cased team abbreviations / names to follow; empty = every team. */
  teams: string[];
  liveIntervalMs: number;
  idleIntervalMs: number;
  requestsPerMinute: number;
}

/** A variable the sources refuse, and why. */
export interface SourceIssue {
  variable: string;
  message: string;
}

/** The items of a comma list variable, trimmed, empty ones dropped. */
export const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const Url = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const seconds = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * The enabled sources' settings from `env` (empty strings already removed), in SOURCES order, and
 * every problem found (variable + message). Pure.
 */
export function readSourceSettings(env: Record<string, string | undefined>): {
  sources: SourceSettings[];
  issues: SourceIssue[];
} {
  const issues: SourceIssue[] = [];
  const names = [...new Set(list(env.SOURCES).map((s) => s.toLowerCase()))];
  const unknown = names.filter((n) => !SOURCE_ROWS.some((r) => r.name === n));
  if (unknown.length)
    issues.push({
      variable: 'SOURCES',
      message: `unknown source ${unknown.join(', ')}: must be a comma list of ${SOURCE_ROWS.map((r) => r.name).join(', ')}`,
    });
  const sources: SourceSettings[] = [];
  for (const row of SOURCE_ROWS) {
    const check = <T>(variable: string, schema: z.ZodType<T>, fallback: T): T => {
      const raw = env[variable];
      if (raw === undefined) return fallback;
      const r = schema.safeParse(raw);
      if (r.success) return r.data;
      issues.push({ variable, message: r.error.issues[0]?.message ?? 'invalid' });
      return fallback;
    };
    const baseUrl = check(row.urlVariable, Url, row.defaultUrl).replace(/\/+$/, '');
    const live = check(`${row.prefix}_INTERVAL_SECONDS`, seconds(3600), row.liveIntervalSeconds);
    const idle = check(`${row.prefix}_IDLE_INTERVAL_SECONDS`, seconds(86_400), row.idleIntervalSeconds);
    const rpm = check(`${row.prefix}_REQUESTS_PER_MINUTE`, seconds(6000), row.requestsPerMinute);
    const gameIds = row.idsVariable ? list(env[row.idsVariable]) : [];
    const bad = gameIds.filter((id) => !row.idPattern.test(id));
    if (bad.length && row.idsVariable)
      issues.push({
        variable: row.idsVariable,
        message: `${bad.join(', ')}: must be a comma list of ${row.idDescription}`,
      });
    const teams = [...new Set(list(env[`${row.prefix}_TEAMS`]).map((t) => t.toUpperCase()))];
    if (teams.some((t) => t.length > 60))
      issues.push({ variable: `${row.prefix}_TEAMS`, message: 'each team must be at most 60 characters' });
    if (!names.includes(row.name)) continue;
    if (!row.sports.every(isSport)) throw new Error(`source row ${row.name} names an unknown sport`);
    sources.push({
      name: row.name,
      baseUrl,
      gameIds,
      teams,
      liveIntervalMs: live * 1000,
      idleIntervalMs: idle * 1000,
      requestsPerMinute: rpm,
    });
  }
  sources.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  return { sources, issues };
}
