import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayEvents } from '../football/rules';
import { parseOpenfootball } from '../import/openfootball';
import { IMPORT_FORMATS } from '../import/index';
import { buildTimeline } from './timeline';

const DATA = new URL('../../datasets/football/', import.meta.url).pathname;
const wc2022 = parseOpenfootball(
  JSON.parse(fs.readFileSync(DATA + 'openfootball-worldcup.json/2022/worldcup.json', 'utf8')),
  {
    competition: 'world-cup',
    season: '2022',
    timezone: 'Asia/Qatar',
    sourceName: 'worldcup.json',
  },
);

const HT_ERRATA = [
  'worldcup.json/2022/2022-12-01/Japan/Spain',
  'worldcup.json/2022/2022-12-02/Serbia/Switzerland',
  'worldcup.json/2022/2022-12-09/Netherlands/Argentina',
];

/** Applies a timeline as a replay would: occurred_at = kickoff + at. */
function play(events: ReturnType<typeof buildTimeline>['events']) {
  return replayEvents(
    events.map((t) => ({ ...t.event, occurred_at: new Date(Date.UTC(2026, 0, 1) + t.at * 1000).toISOString() })),
  );
}

describe('replay timelines on real matches', () => {
  it('every World Cup 2022 match replays to its recorded result', () => {
    for (const m of wc2022) {
      const { events, duration } = buildTimeline(m);
      const s = play(events);
      const final = m.result!.et ?? m.result!.ft;
      expect(s.status, m.source_key).toBe('finished');
      expect([s.score.home, s.score.away], m.source_key).toEqual(final);
      expect(s.penalties ? [s.penalties.home, s.penalties.away] : null, m.source_key).toEqual(m.result!.p);
      // Half-time comes from the recorded goals. Upstream's `ht` disagrees with its own goals three
      // times, and the goals are right each time (e.g. Japan–Spain: Morata 11', real half-time 0-1).
      const firstHalf = m.events.filter((e) => e.type === 'goal' && e.period === '1st_half');
      const ht = [firstHalf.filter((e) => e.side === 'home').length, firstHalf.filter((e) => e.side === 'away').length];
      expect([s.halftime_score!.home, s.halftime_score!.away], m.source_key).toEqual(ht);
      if (m.result!.ht && String(ht) !== String(m.result!.ht)) expect(HT_ERRATA).toContain(m.source_key);
      expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => a - b));
      expect(duration).toBeGreaterThanOrEqual((90 + 15) * 60);
    }
  });

  it('the 2022 final goes through extra time and penalties in order', () => {
    const final = wc2022.find((m) => m.round === 'Final')!;
    const { events } = buildTimeline(final);
    const periods = events.filter((e) => e.event.type === 'period_start').map((e) => e.event.period);
    expect(periods).toEqual(['1st_half', '2nd_half', 'extra_time_1st', 'extra_time_2nd', 'penalties']);
    const goals = events.filter((e) => e.event.type === 'goal').map((e) => `${e.event.player} ${e.event.minute}`);
    expect(goals[0]).toMatch(/Messi 23/);
    expect(goals.at(-1)).toMatch(/Mbapp/);
    expect(events.at(-1)!.event.type).toBe('full_time');
  });

  it('a StatsBomb match replays at its recorded clock: Turkey 0-3 Italy', async () => {
    const [m] = await IMPORT_FORMATS.statsbomb(
      [DATA + 'statsbomb/events/3788741.json', DATA + 'statsbomb/lineups/3788741.json'],
      {
        league: 'euro',
        season: '2020',
        kickoff: '2021-06-11T19:00:00Z',
      },
    );
    const { events, duration } = buildTimeline(m);
    const s = play(events);
    expect([s.score.home, s.score.away]).toEqual([0, 3]);
    expect(s.status).toBe('finished');
    const secondHalf = events.find((e) => e.event.type === 'period_start' && e.event.period === '2nd_half')!;
    const firstEnd = events.find((e) => e.event.type === 'period_end' && e.event.period === '1st_half')!;
    expect(secondHalf.at - firstEnd.at).toBe(15 * 60);
    expect(duration).toBeGreaterThan(105 * 60);
  });
});
