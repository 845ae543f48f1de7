/** Link to a team's page: `/{sport}/teams/{team name, URL-encoded}` (names are the store's canonical team names). */
export function teamHref(sport: string, team: string): string {
  return `/${sport}/teams/${encodeURIComponent(team)}`;
}
