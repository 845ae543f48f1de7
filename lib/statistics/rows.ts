/**
 * Shared helpers for player lines: a tally keyed by (player, team) and the assembly of a served
 * category from its spec (lib/statistics/categories.ts). Pure, no I/O.
 */
import type { CategorySpec } from './categories';
import type { PlayerCategory, PlayerRow } from './types';

/** A line before ranking: player, team and the category's column values. */
export interface Line {
  player: string;
  team: string | null;
  [column: string]: number | string | null | Record<string, number>;
}

/**
 * Per-player counters keyed by (player, team): two players of the same name in different teams
 * are two lines; a player who changed teams within the matches has one line per team.
 */
export class PlayerTally<T extends Record<string, number>> {
  private readonly lines = new Map<string, { player: string; team: string | null; figures: T }>();

  /** @param zero a fresh set of zeroed counters */
  constructor(private readonly zero: () => T) {}

  /** The counters of (player, team), created at zero on first use. */
  get(player: string, team: string | null): T {
    const key = `${team ?? ''}\u0000${player}`;
    let l = this.lines.get(key);
    if (!l) this.lines.set(key, (l = { player, team, figures: this.zero() }));
    return l.figures;
  }

  /**
   * Every line as `{player, team, ...counters}` (insertion order), after merging surname-only
   * names: a player named by one word (some sources write "Mbappé" in one match and "Kylian
   * Mbappé" in others) is added into the only other player of the same team whose name ends
   * with " " + that word; with no or several such players the line stays as it is.
   */
  all(): ({ player: string; team: string | null } & T)[] {
    const lines = [...this.lines.values()];
    const merged = new Set<object>();
    for (const l of lines) {
      if (/\s/.test(l.player.trim())) continue;
      const full = lines.filter(
        (o) => o !== l && o.team === l.team && !merged.has(o) && o.player.endsWith(` ${l.player}`),
      );
      if (full.length !== 1) continue;
      const into = full[0].figures as Record<string, number>;
      for (const [k, v] of Object.entries(l.figures)) into[k] = (into[k] ?? 0) + v;
      merged.add(l);
    }
    return lines.filter((l) => !merged.has(l)).map((l) => ({ player: l.player, team: l.team, ...l.figures }));
  }
}

/** Ratio a / b rounded to `dp` decimals (Math.round, halves up); null when b = 0. Throws nothing. */
export function ratio(a: number, b: number, dp: number): number | null {
  if (b === 0) return null;
  const f = 10 ** dp;
  return Math.round((a / b) * f) / f;
}

/** Compares `player` names for the final tie-break of every order (localeCompare, locale 'en'). Throws nothing. */
export const byName = (a: { player: string }, b: { player: string }): number => a.player.localeCompare(b.player, 'en');

/**
 * The served category: spec name/title/description/columns and the lines ranked 1..n in the
 * order given (no shared ranks), each row holding rank, player, team and the spec's columns only.
 * @throws Error when a line lacks one of the spec's columns (a programming error)
 */
export function toCategory(spec: CategorySpec, lines: readonly Line[]): PlayerCategory {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    columns: spec.columns.map((c) => ({ key: c.key, label: c.label, description: c.description })),
    rows: lines.map((l, i) => {
      const row: PlayerRow = { rank: i + 1, player: l.player, team: l.team };
      for (const c of spec.columns) {
        if (!(c.key in l))
          throw new Error(`statistics category ${spec.name}: line of ${l.player} lacks column ${c.key}`);
        row[c.key] = l[c.key];
      }
      return row;
    }),
  };
}
