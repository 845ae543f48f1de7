/**
 * Which fixtures are knockout/playoff games, from their round alone: standings leave them out
 * (lib/match/sport-tables.ts), ice hockey plays them with playoff rules (lib/match/state.ts
 * rulesOptions), the season stage reads them (lib/seasons/stage.ts). Pure.
 */

/** A round naming a knockout stage (Final, Semi-final, Qualifier, Play-offs, …). */
const ROUND_KNOCKOUT = /\b(play-?offs?|play-in|finals?|semi-?finals?|quarter-?finals?|qualifier|eliminator)\b/i;

/**
 * True when a fixture's `round` is a knockout/playoff stage: for ice hockey and basketball any
 * round (their regular season has none), elsewhere a round naming one (Final, Semi-final,
 * Qualifier, Play-offs, …). Standings leave these out; ice hockey plays them with playoff rules.
 */
export function isPlayoffRound(sport: string, round: string | null): boolean {
  if (round === null) return false;
  return sport === 'ice-hockey' || sport === 'basketball' ? true : ROUND_KNOCKOUT.test(round);
}
