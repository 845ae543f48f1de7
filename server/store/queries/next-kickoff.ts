/**
 * The next kickoff of a sport after an instant (any league, any status): a "from now" fixture list
 * reads differently once it passes (server/read/read-validity.ts).
 */
import { and, eq, gt, min } from 'drizzle-orm';
import { isoUtc } from '@/lib/match/iso-utc';
import type { Tx } from '../db';
import * as t from '../schema';

/** Epoch ms of the first kickoff of `sport` strictly after `nowMs` (epoch ms), or Infinity when there is none. */
export async function nextKickoffAfter(tx: Tx, sport: string, nowMs: number): Promise<number> {
  const [r] = await tx
    .select({ k: min(t.fixtures.kickoff) })
    .from(t.fixtures)
    .where(and(eq(t.fixtures.sport, sport), gt(t.fixtures.kickoff, new Date(nowMs).toISOString())));
  return r?.k ? Date.parse(isoUtc(r.k)) : Infinity;
}
