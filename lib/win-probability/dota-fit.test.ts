/**
 * The Dota 2 model's parameters (dota.ts DOTA_INPLAY) are what dota-fit.ts gives on the recorded
 * OpenDota files (test/fixtures/upstream/opendota, MIT): fitted, not typed in.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOTA_INPLAY } from './dota';
import { fitDotaParams, fitGoldPerKill, fitKillPace, killLeadByMinute, TI2018_FINAL_SERIES_ID } from './dota-fit';

const DIR = fileURLToPath(new URL('../../test/fixtures/upstream/opendota/', import.meta.url));
const pro = JSON.parse(readFileSync(`${DIR}proMatches.json`, 'utf8')) as {
  series_id: number;
  radiant_score: number;
  dire_score: number;
  duration: number;
  radiant_win: boolean;
}[];
const game = JSON.parse(readFileSync(`${DIR}matches_4080856812.json`, 'utf8'));

describe('Dota 2 in-play parameters, fitted on the recorded OpenDota data', () => {
  const games = pro.filter((g) => g.series_id !== TI2018_FINAL_SERIES_ID);
  const gold: number[] = game.radiant_gold_adv;
  const fit = fitDotaParams(games, gold, killLeadByMinute(game, gold.length));

  it('95 games outside the TI 2018 final; DOTA_INPLAY is the fit, rounded', () => {
    expect(fit.games).toBe(95);
    expect(DOTA_INPLAY.kill_scale).toBeCloseTo(fit.kill_scale, 2);
    expect(DOTA_INPLAY.prior_minutes).toBeCloseTo(fit.prior_minutes, 1);
    expect(Math.abs(DOTA_INPLAY.gold_per_kill - fit.gold_per_kill)).toBeLessThan(0.5);
    expect(DOTA_INPLAY.kills_per_minute).toBeCloseTo(fit.kills_per_minute, 2);
    expect(DOTA_INPLAY.unknown_clock_minutes).toBeCloseTo(fit.unknown_clock_minutes, 2);
    // The end-of-game kill lead tells the winner better than a coin (ln 2 = 0.693 nats per game).
    expect(fit.log_loss).toBeLessThan(0.35);
  });

  it('the recorded game: the kill lead by minute from kills_log, 34-35 at the end', () => {
    const lead = killLeadByMinute(game, 40);
    expect(lead[0]).toBe(0);
    expect(lead.at(-1)).toBe(34 - 35);
  });

  it('refuses what it cannot fit', () => {
    expect(() => fitKillPace(games.slice(0, 5))).toThrow(/10 games/);
    expect(() => fitGoldPerKill(Array(12).fill(0), Array(12).fill(3))).toThrow(/never changes/);
    expect(() => fitGoldPerKill([1, 2], [1, 2, 3])).toThrow();
  });
});
