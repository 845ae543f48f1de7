/**
 * Table zones of the catalogue's competitions: which final places qualify for what and which are
 * relegated, for the standings page's coloured markers and legend. Per competition slug, from the
 * competitions' own regulations for the bundled seasons (Premier League 2023/24–2024/25: four
 * Champions League places, the fifth to the Europa League, three relegated; Bundesliga 2024/25:
 * four Champions League, fifth Europa League, sixth Conference League play-off, 16th relegation
 * play-off, 17th–18th relegated; World Cup 2018/2022: top two of each group advance; Euro 2024:
 * top two advance, the four best thirds too). Cup winners moving places down are not modelled.
 */

export type ZoneKind = 'champions' | 'europa' | 'conference' | 'advance' | 'maybe' | 'playoff' | 'relegation';

export interface Zone {
  kind: ZoneKind;
  /** Positions, 1-based, inclusive; negative counts from the bottom (−3 = third from last). */
  from: number;
  to: number;
  label: string;
}

const ZONES: Record<string, Zone[]> = {
  'premier-league': [
    { kind: 'champions', from: 1, to: 4, label: 'Champions League' },
    { kind: 'europa', from: 5, to: 5, label: 'Europa League' },
    { kind: 'relegation', from: -3, to: -1, label: 'Relegation' },
  ],
  bundesliga: [
    { kind: 'champions', from: 1, to: 4, label: 'Champions League' },
    { kind: 'europa', from: 5, to: 5, label: 'Europa League' },
    { kind: 'conference', from: 6, to: 6, label: 'Conference League play-off' },
    { kind: 'playoff', from: -3, to: -3, label: 'Relegation play-off' },
    { kind: 'relegation', from: -2, to: -1, label: 'Relegation' },
  ],
  'world-cup': [{ kind: 'advance', from: 1, to: 2, label: 'Round of 16' }],
  euro: [
    { kind: 'advance', from: 1, to: 2, label: 'Round of 16' },
    { kind: 'maybe', from: 3, to: 3, label: 'Round of 16 if among the four best thirds' },
  ],
};

/** The zones of a competition (empty when the catalogue has none). */
const NO_ZONES: Zone[] = [];

export function competitionZones(slug: string): Zone[] {
  return ZONES[slug] ?? NO_ZONES;
}

/** The zone `position` (1-based) falls in, in a table of `size` rows; null when none. */
export function zoneOf(zones: readonly Zone[], position: number, size: number): Zone | null {
  const abs = (p: number) => (p < 0 ? size + 1 + p : p);
  return zones.find((z) => position >= abs(z.from) && position <= abs(z.to)) ?? null;
}
