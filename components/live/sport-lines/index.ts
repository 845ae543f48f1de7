/** The scoreboard parts of each sport (see ./types.ts); an unknown sport gets the plain score and latest event. */
import { baseball } from './baseball';
import { basketball } from './basketball';
import { cricket } from './cricket';
import { esports } from './esports';
import { football } from './football';
import { golf } from './golf';
import { iceHockey } from './ice-hockey';
import { mma } from './mma';
import { rugby } from './rugby';
import { tennis } from './tennis';
import type { SportLine } from './types';

export type { SportLine } from './types';

const LINES: Record<string, SportLine> = {
  football,
  basketball,
  cricket,
  tennis,
  baseball,
  'ice-hockey': iceHockey,
  golf,
  rugby,
  mma,
  esports,
};

/** The sport's scoreboard parts (`{}` for a sport without any: plain score and latest event). */
export function sportLine(sport: string): SportLine {
  return LINES[sport] ?? {};
}
