/** The ten sport slugs served under /v1/{sport} (docs/api.md; one page each in docs/sports/). */
export const SPORTS = [
  'football',
  'basketball',
  'cricket',
  'tennis',
  'baseball',
  'ice-hockey',
  'golf',
  'rugby',
  'mma',
  'esports',
] as const;
export type Sport = (typeof SPORTS)[number];

/** True when `s` is one of the ten sport slugs. */
export function isSport(s: string): s is Sport {
  return (SPORTS as readonly string[]).includes(s);
}
