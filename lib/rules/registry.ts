/**
 * Every non-football sport's rules module, by slug (the contract of lib/rules/contract.ts). Football's
 * module predates the contract; server/engine/sport-rules.ts adapts it beside these.
 */
import { baseballRules } from '../baseball/rules';
import { basketballRules } from '../basketball/rules';
import { cricketRules } from '../cricket/rules';
import { esportsRules } from '../esports/rules';
import { golfRules } from '../golf/rules';
import { createIceHockeyRules, iceHockeyRules } from '../ice-hockey/rules';
import { mmaRules } from '../mma/rules';
import { rugbyRules } from '../rugby/rules';
import type { Sport } from '../sports';
import { tennisRules } from '../tennis/rules';
import type { SportRules } from './contract';

/** Slugs whose rules follow lib/rules/contract.ts (every sport but football). */
export type ContractSport = Exclude<Sport, 'football'>;

const RULES: Record<ContractSport, SportRules<any>> = {
  basketball: basketballRules,
  cricket: cricketRules,
  tennis: tennisRules,
  baseball: baseballRules,
  'ice-hockey': iceHockeyRules,
  golf: golfRules,
  rugby: rugbyRules,
  mma: mmaRules,
  esports: esportsRules,
};

/**
 * The rules a fixture of `sport` plays under. `playoff` selects knockout variants where the sport
 * has them (ice hockey: 20-minute sudden-death overtimes instead of 5 minutes and a shootout).
 * @throws Error when the sport has no rules module (a programming error: every slug has one)
 */
export function rulesFor(sport: ContractSport, opts: { playoff?: boolean } = {}): SportRules<any> {
  if (sport === 'ice-hockey' && opts.playoff) return PLAYOFF_HOCKEY;
  const r = RULES[sport];
  if (!r) throw new Error(`no rules module for sport ${sport}`);
  return r;
}

const PLAYOFF_HOCKEY = createIceHockeyRules('playoff');
