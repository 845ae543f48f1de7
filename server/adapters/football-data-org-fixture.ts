/**
 * football-data.org v4 Match → the adapter's fixture upsert: source key, season label, round,
 * group, venue, kickoff and teams. Part of server/adapters/football-data-org-mapping.ts.
 */
import { getCompetition } from '@/lib/catalogue/competitions';
import type { FdoMatch } from './football-data-org-schemas';
import type { AdapterFixture } from './types';

/** The fixture's upstream key (fixture_sources.source_key): the resource path, globally unique. */
export function fdoSourceKey(matchId: number): string {
  return `football-data.org/v4/matches/${matchId}`;
}

/** Season label (lib/import/types.ts): `2023-24` for leagues, `2022` for tournaments. */
export function fdoSeasonLabel(slug: string, m: Pick<FdoMatch, 'utcDate' | 'season'>): string {
  const def = getCompetition(slug);
  const startDate = m.season?.startDate && /^\d{4}-\d{2}/.test(m.season.startDate) ? m.season.startDate : null;
  const kickoff = new Date(m.utcDate);
  const year = startDate ? Number(startDate.slice(0, 4)) : kickoff.getUTCFullYear();
  if (def?.format === 'tournament') return String(year);
  const start = startDate ? year : kickoff.getUTCMonth() >= 6 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const STAGE_ROUNDS: Record<string, string> = {
  LAST_64: 'Round of 64',
  LAST_32: 'Round of 32',
  LAST_16: 'Round of 16',
  ROUND_OF_16: 'Round of 16',
  QUARTER_FINALS: 'Quarter-finals',
  SEMI_FINALS: 'Semi-finals',
  THIRD_PLACE: 'Match for third place',
  FINAL: 'Final',
};

/** Round label as the bundled openfootball data spells it: `Matchday 1`, `Round of 16`, `Final`. */
export function fdoRound(m: Pick<FdoMatch, 'stage' | 'matchday'>): string | null {
  if (m.stage && STAGE_ROUNDS[m.stage]) return STAGE_ROUNDS[m.stage];
  if (m.matchday != null) return `Matchday ${m.matchday}`;
  if (!m.stage) return null;
  const words = m.stage.toLowerCase().split('_');
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

/** `GROUP_A` → `Group A`. */
export function fdoGroup(group: string | null | undefined): string | null {
  if (!group) return null;
  const m = /^GROUP_([A-Z0-9]+)$/i.exec(group.trim());
  return m ? `Group ${m[1].toUpperCase()}` : group.trim();
}

/** The fixture upsert for a match, or null while a team is not yet known (knockout placeholders). */
export function fdoFixture(m: FdoMatch, slug: string): AdapterFixture | null {
  const home = m.homeTeam.name?.trim() || m.homeTeam.shortName?.trim();
  const away = m.awayTeam.name?.trim() || m.awayTeam.shortName?.trim();
  if (!home || !away) return null;
  return {
    source_key: fdoSourceKey(m.id),
    competition: slug,
    season: fdoSeasonLabel(slug, m),
    round: fdoRound(m),
    group: fdoGroup(m.group),
    venue: m.venue?.trim() || null,
    kickoff: new Date(m.utcDate).toISOString(),
    home_team: home,
    away_team: away,
  };
}
