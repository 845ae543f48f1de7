/**
 * The Odds API source's own settings beside its server/config-sources.ts row (docs/adapters.md
 * "odds-api"), read only when SOURCES names `odds-api`:
 *
 * | variable | meaning | default |
 * |---|---|---|
 * | `ODDS_API_KEY` | the API key (`apiKey` query parameter); required; never logged | — |
 * | `ODDS_API_SPORTS` | sport keys to follow (the row's id list); at least one | — |
 * | `ODDS_API_REGIONS` | bookmaker regions: `us`, `us2`, `uk`, `eu`, `au` (comma list) | `uk,eu` |
 * | `ODDS_API_OWN_SPORTS` | sport keys no other source follows: their events become fixtures, `/scores` their scores | none |
 * | `ODDS_API_MONTHLY_BUDGET` | credits the source may spend per calendar month (UTC) | 500 |
 * | `ODDS_API_KICKOFF_TOLERANCE_MINUTES` | largest kickoff difference of a match | 30 |
 * | `ODDS_API_NEAR_KICKOFF_MINUTES` | a followed match is "near" this long before kickoff (live interval) | 120 |
 *
 * Pure; server/config.ts reports the issues with the others (a bad value stops the start naming it).
 */
import { z } from 'zod';
import { list, type SourceIssue } from './config-sources';

/** The Odds API's bookmaker regions (the-odds-api.com/sports-odds-data/bookmaker-apis.html). */
export const ODDS_API_REGIONS = ['us', 'us2', 'uk', 'eu', 'au'] as const;

/** The settings of the `odds-api` source that its config row does not carry. */
export interface OddsApiSettings {
  /** Secret: only in request URLs, never in logs, errors, health or metrics. */
  apiKey: string;
  regions: string[];
  /** Sport keys whose events become Scoreline fixtures (leagues no other source follows). */
  ownSports: string[];
  monthlyBudget: number;
  kickoffToleranceMs: number;
  nearKickoffMs: number;
}

/**
 * The `odds-api` settings from `env` (empty strings already removed), or null when SOURCES does
 * not name it, and every problem found (variable + message, never the key's value). Pure.
 */
export function readOddsApiSettings(env: Record<string, string | undefined>): {
  settings: OddsApiSettings | null;
  issues: SourceIssue[];
} {
  const issues: SourceIssue[] = [];
  const enabled = list(env.SOURCES).some((s) => s.toLowerCase() === 'odds-api');
  const num = (variable: string, min: number, max: number, fallback: number): number => {
    const raw = env[variable];
    if (raw === undefined) return fallback;
    const r = z.coerce.number().int().min(min).max(max).safeParse(raw);
    if (r.success) return r.data;
    issues.push({ variable, message: `must be a whole number from ${min} to ${max}` });
    return fallback;
  };
  const key = env.ODDS_API_KEY?.trim() ?? '';
  if (enabled && !key) issues.push({ variable: 'ODDS_API_KEY', message: 'required with SOURCES=odds-api' });
  else if (key && !/^[A-Za-z0-9_-]{8,128}$/.test(key))
    issues.push({ variable: 'ODDS_API_KEY', message: 'must be 8–128 characters of A–Z, a–z, 0–9, _ or -' });
  const regions = [...new Set(list(env.ODDS_API_REGIONS ?? 'uk,eu').map((r) => r.toLowerCase()))];
  if (!regions.length || regions.some((r) => !(ODDS_API_REGIONS as readonly string[]).includes(r)))
    issues.push({ variable: 'ODDS_API_REGIONS', message: `must be a comma list of ${ODDS_API_REGIONS.join(', ')}` });
  const sports = list(env.ODDS_API_SPORTS);
  if (enabled && !sports.length)
    issues.push({ variable: 'ODDS_API_SPORTS', message: 'name at least one sport key with SOURCES=odds-api' });
  const ownSports = [...new Set(list(env.ODDS_API_OWN_SPORTS))];
  const stray = ownSports.filter((k) => !sports.includes(k));
  if (stray.length)
    issues.push({
      variable: 'ODDS_API_OWN_SPORTS',
      message: `${stray.join(', ')}: must be sport keys of ODDS_API_SPORTS`,
    });
  // Only these sports' /scores map to match events (server/adapters/odds-api/odds-api-scores.ts).
  const unscored = ownSports.filter((k) => !/^(icehockey|basketball)_/.test(k));
  if (unscored.length)
    issues.push({
      variable: 'ODDS_API_OWN_SPORTS',
      message: `${unscored.join(', ')}: only icehockey_… and basketball_… sport keys can become fixtures`,
    });
  const monthlyBudget = num('ODDS_API_MONTHLY_BUDGET', 1, 100_000_000, 500);
  const tolerance = num('ODDS_API_KICKOFF_TOLERANCE_MINUTES', 0, 1440, 30);
  const near = num('ODDS_API_NEAR_KICKOFF_MINUTES', 0, 10_080, 120);
  if (!enabled) return { settings: null, issues };
  return {
    settings: {
      apiKey: key,
      regions,
      ownSports,
      monthlyBudget,
      kickoffToleranceMs: tolerance * 60_000,
      nearKickoffMs: near * 60_000,
    },
    issues,
  };
}
