import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors';
import { localKickoffToUtc } from './kickoff';
import { goalClockSeconds, parseOpenfootball, periodOfMinute } from './openfootball';

const DATA = new URL('../../datasets/football/', import.meta.url);
const load = (p: string): unknown => JSON.parse(readFileSync(new URL(p, DATA), 'utf8'));
const opts = (competition: string, season: string, timezone: string, sourceName: string) => ({
  competition,
  season,
  timezone,
  sourceName,
});

const en2324 = parseOpenfootball(
  load('openfootball-football.json/2023-24/en.1.json'),
  opts('premier-league', '2023-24', 'Europe/London', 'en.1'),
);
const wc2018 = parseOpenfootball(
  load('openfootball-worldcup.json/2018/worldcup.json'),
  opts('world-cup', '2018', 'Europe/Moscow', 'worldcup'),
);
const wc2022 = parseOpenfootball(
  load('openfootball-worldcup.json/2022/worldcup.json'),
  opts('world-cup', '2022', 'Asia/Qatar', 'worldcup'),
);
const euro2024 = parseOpenfootball(
  load('openfootball-euro.json/2024/euro.json'),
  opts('euro', '2024', 'Europe/Berlin', 'euro'),
);

describe('localKickoffToUtc', () => {
  it('converts local times, explicit UTC offsets and missing times', () => {
    expect(localKickoffToUtc('2023-08-11', '20:00', 'Europe/London')).toBe('2023-08-11T19:00:00Z');
    expect(localKickoffToUtc('2023-12-30', '15:00', 'Europe/London')).toBe('2023-12-30T15:00:00Z');
    expect(localKickoffToUtc('2018-06-14', '18:00 UTC+3', 'Europe/London')).toBe('2018-06-14T15:00:00Z');
    expect(localKickoffToUtc('2018-06-15', '17:00 UTC+5', 'Europe/Moscow')).toBe('2018-06-15T12:00:00Z');
    expect(localKickoffToUtc('2026-06-11', '13:00 UTC-6', 'UTC')).toBe('2026-06-11T19:00:00Z');
    expect(localKickoffToUtc('2024-06-14', undefined, 'Europe/Berlin')).toBe('2024-06-14T10:00:00Z'); // 12:00 local
    expect(() => localKickoffToUtc('14/06/2024', '21:00', 'Europe/Berlin')).toThrow(ImportError);
    expect(() => localKickoffToUtc('2024-06-14', '9pm', 'Europe/Berlin')).toThrow(ImportError);
    expect(() => localKickoffToUtc('2024-06-14', '21:00', 'Mars/Olympus')).toThrow(ImportError);
  });
});

describe('parseOpenfootball — football.json league season', () => {
  it('reads all 380 finished Premier League 2023-24 matches', () => {
    expect(en2324).toHaveLength(380);
    expect(en2324.every((m) => m.status === 'finished' && m.result !== null && m.events.length === 0)).toBe(true);
  });
  it('opener Burnley v Man City, kickoff in UTC', () => {
    const m = en2324[0];
    expect(m).toMatchObject({
      source: 'openfootball',
      source_key: 'en.1/2023-24/2023-08-11/Burnley FC/Manchester City FC',
      competition: 'premier-league',
      season: '2023-24',
      round: 'Matchday 1',
      group: null,
      venue: null,
      kickoff: '2023-08-11T19:00:00Z',
      home_team: 'Burnley FC',
      away_team: 'Manchester City FC',
      result: { ht: [0, 2], ft: [0, 3], et: null, p: null },
      odds: [],
      stats: null,
      lineups: null,
    });
  });
  it('unplayed fixture (score {}) → scheduled, no result; awarded match keeps its score', () => {
    const [m] = parseOpenfootball(
      {
        name: 'x',
        matches: [{ round: 'Matchday 38', date: '2025-05-25', time: '16:00', team1: 'A', team2: 'B', score: {} }],
      },
      opts('laliga', '2024-25', 'Europe/Madrid', 'es.1'),
    );
    expect(m.status).toBe('scheduled');
    expect(m.result).toBeNull();
    expect(m.kickoff).toBe('2025-05-25T14:00:00Z');
    const de = parseOpenfootball(
      load('openfootball-football.json/2024-25/de.1.json'),
      opts('bundesliga', '2024-25', 'Europe/Berlin', 'de.1'),
    );
    expect(de).toHaveLength(306);
    const awarded = de.find((x) => x.source_key === 'de.1/2024-25/2024-12-14/1. FC Union Berlin/VfL Bochum 1848');
    expect(awarded?.result).toEqual({ ht: null, ft: [0, 2], et: null, p: null });
    expect(awarded?.status).toBe('finished');
  });
});

describe('parseOpenfootball — worldcup.json', () => {
  it('64 matches each; openers in UTC', () => {
    expect(wc2018).toHaveLength(64);
    expect(wc2022).toHaveLength(64);
    expect(wc2018[0]).toMatchObject({
      home_team: 'Russia',
      away_team: 'Saudi Arabia',
      kickoff: '2018-06-14T15:00:00Z',
    });
    expect(wc2022[0]).toMatchObject({
      home_team: 'Qatar',
      away_team: 'Ecuador',
      kickoff: '2022-11-20T16:00:00Z',
      group: 'Group A',
      venue: 'Al Bayt Stadium, Al Khor',
      round: 'Matchday 1',
    });
  });
  it('goal events add up to the final score (et else ft) in every match', () => {
    for (const m of [...wc2018, ...wc2022, ...euro2024]) {
      const goals = m.events.filter((e) => e.type === 'goal');
      const final = m.result!.et ?? m.result!.ft;
      expect(
        [goals.filter((g) => g.side === 'home').length, goals.filter((g) => g.side === 'away').length],
        m.source_key,
      ).toEqual(final);
    }
  });
  it('2022 final: 3–3 aet, 4–2 pens, goals sorted, Messi 108 in extra_time_2nd, shoot-out last', () => {
    const f = wc2022.find((m) => m.round === 'Final')!;
    expect(f.kickoff).toBe('2022-12-18T15:00:00Z');
    expect(f.result).toEqual({ ht: [2, 0], ft: [2, 2], et: [3, 3], p: [4, 2] });
    const ev = f.events.map((e) => [e.type, e.side, e.player, e.minute, e.period, e.detail]);
    expect(ev).toEqual([
      ['goal', 'home', 'Lionel Messi', 23, '1st_half', { penalty: true }],
      ['goal', 'home', 'Ángel Di María', 36, '1st_half', {}],
      ['goal', 'away', 'Kylian Mbappé', 80, '2nd_half', { penalty: true }],
      ['goal', 'away', 'Kylian Mbappé', 81, '2nd_half', {}],
      ['goal', 'home', 'Lionel Messi', 108, 'extra_time_2nd', {}],
      ['goal', 'away', 'Kylian Mbappé', 118, 'extra_time_2nd', { penalty: true }],
      ['shootout', null, null, null, 'penalties', { home: 4, away: 2 }],
    ]);
    expect(f.events[4]).toMatchObject({
      event_id: 'worldcup/2022/2022-12-18/Argentina/France#goal:home:108+0:Lionel Messi',
      clock_seconds: 107 * 60 + 30,
      stoppage: null,
    });
    const clocks = f.events.map((e) => e.clock_seconds!);
    expect([...clocks].sort((a, b) => a - b)).toEqual(clocks);
  });
  it('2018 opener: stoppage-time goals, own goal in the final', () => {
    const o = wc2018[0];
    expect(o.events.map((e) => `${e.player} ${e.minute}+${e.stoppage ?? 0}`)).toEqual([
      'Gazinsky 12+0',
      'Cheryshev 43+0',
      'Dzyuba 71+0',
      'Cheryshev 90+1',
      'Golovin 90+4',
    ]);
    expect(o.events[4]).toMatchObject({
      minute: 90,
      stoppage: 4,
      period: '2nd_half',
      clock_seconds: (89 + 4) * 60 + 30,
    });
    const fin = wc2018.find((m) => m.round === 'Final')!;
    expect(fin.events[0]).toMatchObject({ side: 'home', player: 'Mandžukić', minute: 18, detail: { own_goal: true } });
  });
});

describe('parseOpenfootball — euro.json rounds[] layout', () => {
  it('51 matches, opener Germany–Scotland in UTC with own goal and penalty flags', () => {
    expect(euro2024).toHaveLength(51);
    const m = euro2024[0];
    expect(m).toMatchObject({
      home_team: 'Germany',
      away_team: 'Scotland',
      kickoff: '2024-06-14T19:00:00Z',
      round: 'Matchday 1',
      group: 'Group A',
      venue: null,
      result: { ht: [3, 0], ft: [5, 1], et: null, p: null },
    });
    const havertz = m.events.find((e) => e.player === 'Havertz')!;
    expect(havertz).toMatchObject({
      side: 'home',
      minute: 45,
      stoppage: 1,
      period: '1st_half',
      detail: { penalty: true },
    });
    const og = m.events.find((e) => e.player === 'Rüdiger')!;
    expect(og).toMatchObject({ side: 'away', minute: 87, detail: { own_goal: true } });
    expect(m.events.map((e) => e.player)).toEqual(['Wirtz', 'Musiala', 'Havertz', 'Füllkrug', 'Rüdiger', 'Can']);
    expect(euro2024.filter((x) => x.result?.p)).toHaveLength(3);
    expect(euro2024.at(-1)).toMatchObject({ round: 'Final', home_team: 'Spain', kickoff: '2024-07-14T19:00:00Z' });
  });
});

describe('helpers and errors', () => {
  it('periods and mid-minute clock', () => {
    expect([45, 46, 90, 91, 105, 106].map(periodOfMinute)).toEqual([
      '1st_half',
      '2nd_half',
      '2nd_half',
      'extra_time_1st',
      'extra_time_1st',
      'extra_time_2nd',
    ]);
    expect(goalClockSeconds(1, null)).toBe(30);
    expect(goalClockSeconds(90, 9)).toBe(98 * 60 + 30);
  });
  it('duplicate scorer/minute gets a :2 suffix', () => {
    const [m] = parseOpenfootball(
      {
        matches: [
          {
            date: '2022-01-01',
            time: '15:00',
            team1: 'A',
            team2: 'B',
            score: { ft: [2, 0] },
            goals1: [
              { name: 'X', minute: 10 },
              { name: 'X', minute: 10 },
            ],
          },
        ],
      },
      opts('c', '2022', 'UTC', 's'),
    );
    expect(m.events.map((e) => e.event_id)).toEqual([
      's/2022/2022-01-01/A/B#goal:home:10+0:X',
      's/2022/2022-01-01/A/B#goal:home:10+0:X:2',
    ]);
  });
  it('rejects invalid input with ImportError', () => {
    expect(() => parseOpenfootball({ foo: 1 }, opts('c', 's', 'UTC', 'x'))).toThrow(ImportError);
    expect(() => parseOpenfootball(null, opts('c', 's', 'UTC', 'x'))).toThrow(/matches/);
    expect(() => parseOpenfootball({ matches: [{ date: 1 }] }, opts('c', 's', 'UTC', 'x'))).toThrow(/matches\.0/);
  });
});
