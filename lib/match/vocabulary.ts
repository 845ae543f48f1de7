/**
 * A sport's event vocabulary as every write path checks it before the engine (POST /v1/ops/events
 * and the source adapters' runner, server/adapters): the event types and period values of the
 * sport's rules (lib/match/registry.ts), plus `correction` in every sport. Pure.
 */
import { CORRECTION_TYPE } from './corrections';
import { rulesFor } from './registry';
import type { FeedEvent } from './state';
import { isSport } from '@/lib/sports';

/**
 * Why `e` cannot be an event of `sport` (a type or period outside the sport's rules, or an
 * unknown sport), or null when it can. Corrections pass in every sport.
 */
export function vocabularyError(sport: string, e: Pick<FeedEvent, 'type' | 'period'>): string | null {
  if (e.type === CORRECTION_TYPE) return null;
  if (!isSport(sport)) return `unknown sport ${sport}`;
  const { eventTypes, periods } = rulesFor(sport);
  if (!eventTypes.includes(e.type))
    return `type: "${e.type}" is not a ${sport} event type (${eventTypes.join(', ')}, correction)`;
  if (e.period != null && !periods.includes(e.period))
    return `period: "${e.period}" is not a ${sport} period (${periods.join(', ')})`;
  return null;
}
