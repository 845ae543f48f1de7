/**
 * Stable player ids. The store keeps players as names on events and lineups (the sources name
 * them; few give ids), so a player's id is derived from its sport and name: FNV-1a (32-bit) of
 * `<sport>\0<name>`, folded to 1…2^31−1. The same name gives the same id on every install and
 * after every re-import; two players of one sport with one name share an id (as they share a
 * line in the statistics).
 */
export function playerId(sport: string, name: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${sport}\0${name}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 0x7ffffffe) + 1;
}
