/**
 * The console's per-sport vocabulary: which buttons a match in a given state offers, for each of
 * the ten sports. Each sport's module lists only the buttons its rules accept in that state
 * (lib/<sport>/rules.ts); status buttons (postpone, suspend, resume, abandon) come with every sport.
 */
import { baseballButtons } from './baseball';
import { basketballButtons } from './basketball';
import { cricketButtons } from './cricket';
import { esportsButtons } from './esports';
import { footballButtons } from './football';
import { golfButtons } from './golf';
import { iceHockeyButtons } from './ice-hockey';
import { mmaButtons } from './mma';
import { rugbyButtons } from './rugby';
import { tennisButtons } from './tennis';
import type { ConsoleButton, ConsoleView } from './types';
import { SPORT_FEATURES } from '@/lib/sport-features';
import { SPORTS } from '@/lib/sports';

const BY_SPORT: Record<string, (v: ConsoleView) => ConsoleButton[]> = {
  football: footballButtons,
  basketball: basketballButtons,
  cricket: cricketButtons,
  tennis: tennisButtons,
  baseball: baseballButtons,
  'ice-hockey': iceHockeyButtons,
  golf: golfButtons,
  rugby: rugbyButtons,
  mma: mmaButtons,
  esports: esportsButtons,
};

/**
 * The buttons the console offers for a match of `sport` in state `v`, flow first.
 * @throws Error for a slug that is not one of the ten sports
 */
export function consoleButtons(sport: string, v: ConsoleView): ConsoleButton[] {
  const f = BY_SPORT[sport];
  if (!f) throw new Error(`no console vocabulary for sport ${sport}`);
  return f(v);
}

/** Sports whose events carry a displayed minute the operator may type (else the match's). */
export const MINUTE_SPORTS: readonly string[] = SPORTS.filter((s) => SPORT_FEATURES[s].clock.includes('minute'));
/** Sports whose events carry a count-down clock reading (seconds left) the operator may type. */
export const CLOCK_SPORTS: readonly string[] = SPORTS.filter((s) => SPORT_FEATURES[s].clock === 'countdown');

/** How each sport names its sides in the console (golf has none). */
export function sideNames(sport: string): { home: string; away: string } | null {
  if (sport === 'golf') return null;
  if (sport === 'mma') return { home: 'Red corner', away: 'Blue corner' };
  if (sport === 'tennis') return { home: 'Player 1', away: 'Player 2' };
  return { home: 'Home', away: 'Away' };
}
