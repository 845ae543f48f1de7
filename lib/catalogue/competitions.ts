/**
 * Catalogue of the football competitions Scoreline knows, chosen by slug.
 *
 * Pure data plus lookups (no I/O). Season labels follow `ImportedMatch.season`
 * (lib/import/types.ts): `2023-24` for leagues that span two years, `2022` for tournaments.
 *
 * Tie-breaker sources (the rules each list below encodes; `points` always comes first):
 * - premier-league: Premier League Handbook 2023/24, Section C (Rule C.17 "League Table"):
 *   points, goal difference, goals scored, then points in matches between the clubs, then away
 *   goals in those matches; a play-off only decides title / relegation / European places.
 * - bundesliga: DFL Spielordnung (SpOL) § 4 "Tabellenplatz": points, goal difference, goals
 *   scored, head-to-head ("direkter Vergleich") points, head-to-head away goals, away goals
 *   in all matches, then a play-off.
 * - laliga: RFEF Reglamento General, art. 201 ("clasificación particular"): points, then the
 *   head-to-head mini-league (points, goal difference) before overall goal difference, then goals
 *   scored. (RFEF only uses head-to-head once both legs are played; the engine does not check that.)
 * - serie-a: NOIF / Lega Serie A rules (art. 51): points, head-to-head points, head-to-head goal
 *   difference, overall goal difference, goals scored; from 2022/23 a play-off ("spareggio")
 *   decides ties for the title and relegation.
 * - ligue-1: LFP Règlement des compétitions, art. 510 ("classement"): points, overall goal
 *   difference, head-to-head points, head-to-head goal difference, goals scored.
 * - world-cup: FIFA World Cup Qatar 2022 Regulations, art. 32.5: points, goal difference, goals
 *   scored, then points / goal difference / goals scored in the group matches between the teams
 *   concerned; then team conduct (fair play) score and drawing of lots (not modelled).
 * - euro: UEFA EURO 2024 Regulations, art. 20.01–20.02: points, then among the teams concerned
 *   points / goal difference / goals scored (re-applied to the teams still level), then goal
 *   difference, goals scored and wins in all group matches; then disciplinary points and the
 *   European Qualifiers ranking (not modelled).
 * Criteria that need data the engine does not hold (fair play, lots, play-offs) fall back to
 * alphabetical order in lib/football/standings.ts.
 */

/** Ordered table criteria. `h2h_*` are computed on the mini-league among the teams still tied. */
export const TIE_BREAKERS = [
  'points',
  'goal_difference',
  'goals_for',
  'away_goals',
  'wins',
  'h2h_points',
  'h2h_goal_difference',
  'h2h_goals_for',
  'h2h_away_goals',
] as const;
export type TieBreaker = (typeof TIE_BREAKERS)[number];

/** A points deduction (negative) or award (positive) applied to one team's table total. */
export interface PointsAdjustment {
  /** Canonical team name (lib/catalogue/teams.ts), e.g. `Everton`. */
  team: string;
  /** Points added to the table total; negative = deduction. */
  points: number;
  reason: string;
}

export interface SeasonDef {
  /** Display name override for this season; default is `<competition name> <season label>`. */
  name?: string;
  points_adjustments: PointsAdjustment[];
}

export interface CompetitionDef {
  slug: string;
  sport: 'football';
  /** Display name, e.g. `Premier League`, `FIFA World Cup`. */
  name: string;
  /** Country name for domestic leagues; null for international tournaments. */
  country: string | null;
  format: 'league' | 'tournament';
  /** IANA time zone the competition's local kickoff times are in (tournaments: host varies, UTC). */
  timezone: string;
  points: { win: number; draw: number; loss: number };
  tie_breakers: TieBreaker[];
  /** Known seasons by label (`2023-24`, `2022`); an absent season simply has no overrides. */
  seasons: Record<string, SeasonDef>;
}

const THREE_POINTS = { win: 3, draw: 1, loss: 0 };

const COMPETITIONS: CompetitionDef[] = [
  {
    slug: 'premier-league',
    sport: 'football',
    name: 'Premier League',
    country: 'England',
    format: 'league',
    timezone: 'Europe/London',
    points: THREE_POINTS,
    tie_breakers: ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_away_goals'],
    seasons: {
      '2023-24': {
        points_adjustments: [
          {
            team: 'Everton',
            points: -6,
            reason:
              'Breach of Profitability and Sustainability Rules (2021/22); −10 imposed Nov 2023, reduced to −6 on appeal (Feb 2024)',
          },
          {
            team: 'Everton',
            points: -2,
            reason: 'Breach of Profitability and Sustainability Rules (2022/23), April 2024',
          },
          {
            team: 'Nottingham Forest',
            points: -4,
            reason: 'Breach of Profitability and Sustainability Rules (2022/23), March 2024',
          },
        ],
      },
      '2024-25': { points_adjustments: [] },
    },
  },
  {
    slug: 'bundesliga',
    sport: 'football',
    name: 'Bundesliga',
    country: 'Germany',
    format: 'league',
    timezone: 'Europe/Berlin',
    points: THREE_POINTS,
    tie_breakers: ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_away_goals', 'away_goals'],
    seasons: { '2024-25': { points_adjustments: [] } },
  },
  {
    slug: 'laliga',
    sport: 'football',
    name: 'LaLiga',
    country: 'Spain',
    format: 'league',
    timezone: 'Europe/Madrid',
    points: THREE_POINTS,
    tie_breakers: ['points', 'h2h_points', 'h2h_goal_difference', 'goal_difference', 'goals_for'],
    seasons: {},
  },
  {
    slug: 'serie-a',
    sport: 'football',
    name: 'Serie A',
    country: 'Italy',
    format: 'league',
    timezone: 'Europe/Rome',
    points: THREE_POINTS,
    tie_breakers: ['points', 'h2h_points', 'h2h_goal_difference', 'goal_difference', 'goals_for'],
    seasons: {},
  },
  {
    slug: 'ligue-1',
    sport: 'football',
    name: 'Ligue 1',
    country: 'France',
    format: 'league',
    timezone: 'Europe/Paris',
    points: THREE_POINTS,
    tie_breakers: ['points', 'goal_difference', 'h2h_points', 'h2h_goal_difference', 'goals_for'],
    seasons: {},
  },
  {
    slug: 'world-cup',
    sport: 'football',
    name: 'FIFA World Cup',
    country: null,
    format: 'tournament',
    timezone: 'UTC',
    points: THREE_POINTS,
    tie_breakers: ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_goal_difference', 'h2h_goals_for'],
    seasons: { '2018': { points_adjustments: [] }, '2022': { points_adjustments: [] } },
  },
  {
    slug: 'euro',
    sport: 'football',
    name: 'UEFA Euro',
    country: null,
    format: 'tournament',
    timezone: 'UTC',
    points: THREE_POINTS,
    tie_breakers: [
      'points',
      'h2h_points',
      'h2h_goal_difference',
      'h2h_goals_for',
      'goal_difference',
      'goals_for',
      'wins',
    ],
    seasons: { '2024': { points_adjustments: [] } },
  },
];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const BY_SLUG: ReadonlyMap<string, CompetitionDef> = new Map(COMPETITIONS.map((c) => [c.slug, deepFreeze(c)]));

/**
 * Look up a competition by slug.
 * @param slug catalogue slug, e.g. `premier-league`, `world-cup` (case-sensitive).
 * @returns the frozen (read-only) definition, or `undefined` when the slug is unknown.
 * Source: the static catalogue in this module.
 */
export function getCompetition(slug: string): CompetitionDef | undefined {
  return BY_SLUG.get(slug);
}

/**
 * All catalogue competitions, in catalogue order (domestic leagues first, then tournaments).
 * @returns a new array of frozen definitions (safe to sort/filter; the entries are read-only).
 */
export function listCompetitions(): CompetitionDef[] {
  return [...BY_SLUG.values()];
}

function requireCompetition(slug: string): CompetitionDef {
  const def = BY_SLUG.get(slug);
  if (!def) throw new Error(`unknown competition slug: ${JSON.stringify(slug)}`);
  return def;
}

/**
 * Normalise a season label to the catalogue form: leagues `YYYY-YY`, tournaments `YYYY`.
 * Accepts `2023-24`, `2023/24` and `2023-2024` (and `2023/2024`) for leagues.
 * @throws RangeError when the label does not fit the competition's format, or the
 *   second year of a league season is not the year after the first.
 */
export function normaliseSeason(def: CompetitionDef, season: string): string {
  const s = season.trim();
  if (def.format === 'tournament') {
    if (/^\d{4}$/.test(s)) return s;
    throw new RangeError(`season for ${def.slug} must be a year like 2022, got ${JSON.stringify(season)}`);
  }
  const m = /^(\d{4})[-/](\d{2}|\d{4})$/.exec(s);
  const start = m ? Number(m[1]) : NaN;
  const end = m ? Number(m[2].length === 2 ? m[2] : m[2].slice(2)) : NaN;
  if (!m || end !== (start + 1) % 100) {
    throw new RangeError(`season for ${def.slug} must look like 2023-24, got ${JSON.stringify(season)}`);
  }
  return `${m[1]}-${String(end).padStart(2, '0')}`;
}

/**
 * Human-readable name of one season of a competition.
 * Leagues: `Premier League 2023/24` (label `2023-24` shown with a slash); tournaments:
 * `FIFA World Cup 2022`. A season-specific `name` in the catalogue wins.
 * @param slug catalogue slug; @param season season label (see {@link normaliseSeason}).
 * @throws Error for an unknown slug; RangeError for a malformed season label.
 */
export function competitionDisplayName(slug: string, season: string): string {
  const def = requireCompetition(slug);
  const label = normaliseSeason(def, season);
  const override = def.seasons[label]?.name;
  if (override) return override;
  return `${def.name} ${def.format === 'league' ? label.replace('-', '/') : label}`;
}

/**
 * Points adjustments (deductions negative) in force for one season, in the order imposed.
 * @returns a fresh array (empty when none are recorded or the season is not in the catalogue).
 * @throws Error for an unknown slug; RangeError for a malformed season label.
 * Source: catalogue data above (Premier League 2023/24: Everton −6 and −2, Nottingham Forest −4).
 */
export function pointsAdjustments(slug: string, season: string): PointsAdjustment[] {
  const def = requireCompetition(slug);
  const label = normaliseSeason(def, season);
  return (def.seasons[label]?.points_adjustments ?? []).map((a) => ({ ...a }));
}
