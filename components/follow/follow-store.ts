'use client';
/**
 * Followed teams and leagues, kept in the browser (localStorage `scoreline.follow`, zustand
 * persist) — nothing is sent to the server. Keys: `{sport}:{team}` and `{sport}:{league_slug}`.
 * `goalAlerts`: the viewer turned on browser notifications for followed teams' goals (asked for
 * only from a click: components/follow/GoalAlertsButton.tsx).
 * Rehydrated after the first render (FollowHydrator) so server and client render the same HTML.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface FollowState {
  teams: string[];
  leagues: string[];
  goalAlerts: boolean;
  toggleTeam(sport: string, team: string): void;
  toggleLeague(sport: string, league: string): void;
  setGoalAlerts(on: boolean): void;
}

const toggle = (list: string[], key: string) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]);

/** The follow store (see module doc). */
export const useFollow = create<FollowState>()(
  persist(
    (set) => ({
      teams: [],
      leagues: [],
      goalAlerts: false,
      toggleTeam: (sport, team) => set((s) => ({ teams: toggle(s.teams, `${sport}:${team}`) })),
      toggleLeague: (sport, league) => set((s) => ({ leagues: toggle(s.leagues, `${sport}:${league}`) })),
      setGoalAlerts: (goalAlerts) => set({ goalAlerts }),
    }),
    {
      name: 'scoreline.follow',
      skipHydration: true,
      partialize: (s) => ({ teams: s.teams, leagues: s.leagues, goalAlerts: s.goalAlerts }),
    },
  ),
);

/** Whether a match involves a followed team (or, with `leagues`, is in a followed league). */
export function followsMatch(
  teams: readonly string[],
  m: { sport: string; home_team: string; away_team: string; league_slug?: string },
  leagues: readonly string[] = [],
): boolean {
  return (
    teams.includes(`${m.sport}:${m.home_team}`) ||
    teams.includes(`${m.sport}:${m.away_team}`) ||
    (m.league_slug != null && leagues.includes(`${m.sport}:${m.league_slug}`))
  );
}

/** `{sport}:{rest}` → [sport, rest]. */
export function splitKey(key: string): [string, string] {
  const i = key.indexOf(':');
  return [key.slice(0, i), key.slice(i + 1)];
}
