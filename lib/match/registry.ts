/**
 * Every sport's rules module under the contract (lib/rules/contract.ts), by slug: pure reducers,
 * no I/O (ARCHITECTURE.md); football's through its adapter (lib/football/match-rules.ts).
 */
import { baseballRules } from '@/lib/baseball/rules';
import { basketballRules } from '@/lib/basketball/rules';
import { cricketRules } from '@/lib/cricket/rules';
import { esportsRules } from '@/lib/esports/rules';
import { footballRules } from '@/lib/football/match-rules';
import { golfRules } from '@/lib/golf/rules';
import { createIceHockeyRules, iceHockeyRules } from '@/lib/ice-hockey/rules';
import { mmaRules } from '@/lib/mma/rules';
import { rugbyRules } from '@/lib/rugby/rules';
import type { Sport } from '@/lib/sports';
import { tennisRules } from '@/lib/tennis/rules';
import type { SportRules } from '@/lib/rules/contract';

/** Slugs whose rules keep a wrapped state (lib/match/state.ts SportMatchState): every sport but football. */
export type ContractSport = Exclude<Sport, 'football'>;

const RULES: Record<Sport, SportRules<any>> = {
  football: footballRules,
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
export function rulesFor(sport: Sport, opts: { playoff?: boolean } = {}): SportRules<any> {
  if (sport === 'ice-hockey' && opts.playoff) return PLAYOFF_HOCKEY;
  const r = RULES[sport];
  if (!r) throw new Error(`no rules module for sport ${sport}`);
  return r;
}

const PLAYOFF_HOCKEY = createIceHockeyRules('playoff');
