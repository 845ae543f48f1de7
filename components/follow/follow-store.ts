'use client';
/**
 * Followed teams, kept in the browser (localStorage `scoreline.follow`, zustand persist) —
 * nothing is sent to the server. Keys: `{sport}:{team}`.
 * Rehydrated after the first render (FollowHydrator) so server and client render the same HTML.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface FollowState {
  teams: string[];
  toggleTeam(sport: string, team: string): void;
}

const toggle = (list: string[], key: string) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]);

/** The follow store (see module doc). */
export const useFollow = create<FollowState>()(
  persist(
    (set) => ({
      teams: [],
      toggleTeam: (sport, team) => set((s) => ({ teams: toggle(s.teams, `${sport}:${team}`) })),
    }),
    { name: 'scoreline.follow', skipHydration: true, partialize: (s) => ({ teams: s.teams }) },
  ),
);

/** Whether a match involves a followed team. */
export function followsMatch(teams: readonly string[], m: { sport: string; home_team: string; away_team: string }): boolean {
  return teams.includes(`${m.sport}:${m.home_team}`) || teams.includes(`${m.sport}:${m.away_team}`);
}
