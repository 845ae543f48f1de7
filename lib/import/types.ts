import type { SourceEvent } from '@/lib/match/events';
import type { Lineup, MatchResult, OddsQuote, TeamMatchStats } from '../football/types';
import type { Sport } from '../sports';

/**
 * One match read from an upstream file, normalised but not yet stored.
 * Importers are pure: `(file contents, options) → ImportedMatch[]`; the feed engine stores them.
 */
export interface ImportedMatch {
  source: 'openfootball' | 'statsbomb' | 'football-data';
  /** Stable natural key inside the source, e.g. `en.1/2023-24/2023-08-11/Burnley FC/Manchester City FC`. */
  source_key: string;
  /** Catalogue competition slug (lib/catalogue/competitions.ts), e.g. `premier-league`. */
  competition: string;
  /** Season label, e.g. `2023-24` for leagues, `2022` for tournaments. */
  season: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  /** Kickoff, ISO 8601 UTC with Z. */
  kickoff: string;
  /** Team names as spelled by the source (reconciled later by lib/catalogue/teams.ts). */
  home_team: string;
  away_team: string;
  status: 'scheduled' | 'finished' | 'postponed';
  /** Final result; null when not played. */
  result: MatchResult | null;
  /** Timeline facts known for the match, sorted by clock (empty for results-only sources). */
  events: SourceEvent[];
  lineups: Lineup[] | null;
  odds: OddsQuote[];
  stats: { home: TeamMatchStats; away: TeamMatchStats } | null;
}

/** Options the CLI passes to every importer (`--league`, `--season`, `--kickoff`, `--home`). */
export interface ImportOptions {
  league?: string;
  season?: string;
  kickoff?: string;
  home?: string;
  /** Where an importer reports what it could not use (e.g. unmatched workbook rows); the caller logs it. */
  note?: (message: string, fields: Record<string, unknown>) => void;
}

/** What any importer returns: a football match (this file) or another sport's (lib/rules/contract.ts). */
export type AnyImportedMatch = ImportedMatch | import('../rules/contract').ImportedSportMatch;

/** True for another sport's match (it names its `sport`); football matches do not. */
export function isSportMatch(m: AnyImportedMatch): m is import('../rules/contract').ImportedSportMatch {
  return 'sport' in m;
}

/**
 * The sport of an imported match: its own `sport`, or football for football's importers' shape
 * (ImportedMatch, which names none: openfootball, StatsBomb, football-data.co.uk).
 */
export function importedMatchSport(m: AnyImportedMatch): Sport {
  return isSportMatch(m) ? m.sport : 'football';
}
