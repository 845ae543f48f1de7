/**
 * The TI 2018 grand-final game 5 (PSG.LGD v OG, OG won; OpenDota 4080856812, recorded) through the
 * adapter's mapping and the win-probability series (lib/win-probability/series.ts), as the
 * endpoint computes it: it moves on every kill and gold reading, PSG.LGD leads while ahead in gold,
 * OG at the end.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROBABILITY_EPSILON as EPS } from '@/lib/odds/clamp';
import type { SportEvent } from '@/lib/rules/contract';
import { winProbabilitySeries } from '@/lib/win-probability/series';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import { mapOpenDotaMatch, OpenDotaMatchSchema } from './opendota-mapping';

const DIR = fileURLToPath(new URL('../../../test/fixtures/upstream/opendota/', import.meta.url));
const raw = JSON.parse(readFileSync(`${DIR}matches_4080856812.json`, 'utf8'));
const match = OpenDotaMatchSchema.parse(raw);
const KICKOFF = new Date(raw.start_time * 1000).toISOString();

const ctx = (): InPlayContext => ({
  sport: 'esports',
  knockout: true,
  prematch: { home: 0.5, draw: null, away: 0.5, rating: {} as InPlayContext['prematch']['rating'] },
});
const logged = (events: ReturnType<typeof mapOpenDotaMatch>['events']) =>
  events.map((e) => ({ event: { ...e, stoppage: undefined } as unknown as SportEvent, occurred_at: KICKOFF }));

describe('TI 2018 grand final, game 5: the win-probability series from the OpenDota game', () => {
  const events = mapOpenDotaMatch(match).events;
  const series = winProbabilitySeries(ctx(), KICKOFF, logged(events));

  it('a point for every kill and every gold reading that moves it; each kill moves its side up', () => {
    const kills = events.filter((e) => e.type === 'kill');
    const byId = new Map(series.map((p, i) => [p.event?.event_id, i]));
    const movedKills = kills.filter((k) => byId.has(k.event_id));
    // Kills at the same second as the last gold reading can tie; all but a handful move it.
    expect(movedKills.length).toBeGreaterThan(kills.length * 0.9);
    for (const k of movedKills) {
      const i = byId.get(k.event_id)!;
      expect(series[i][k.side as 'home' | 'away'], k.event_id).toBeGreaterThan(
        series[i - 1][k.side as 'home' | 'away'],
      );
    }
    expect(series.filter((p) => p.event?.type === 'gold_lead').length).toBeGreaterThan(30);
    for (const p of series) expect(p.home + p.away).toBeCloseTo(1, 12);
  });

  it('PSG.LGD ahead while 5,000 gold up (minute 23); OG once 17,000 up (minute 32); OG at the end', () => {
    const atGold = (minute: number) =>
      series.find((p) => p.event?.event_id === `opendota:${raw.match_id}:gold:${minute}`)!;
    expect(raw.radiant_gold_adv[23]).toBe(4997);
    expect(atGold(23).home).toBeGreaterThan(0.75);
    expect(atGold(32).away).toBeGreaterThan(0.97);
    expect(atGold(23).clock.label).toMatch(/^23:00 kills \d+-\d+$/);
    const last = series.at(-1)!;
    expect(last.away).toBe(1 - EPS);
    expect(last.event?.type).toBe('map_end');
  });

  it('the same events give the same series (recomputed after a restart)', () => {
    expect(winProbabilitySeries(ctx(), KICKOFF, logged(events))).toEqual(series);
  });
});
