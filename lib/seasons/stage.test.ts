import { describe, expect, it } from 'vitest';
import { inStage, isArchivedReplay, orderSeasons, replayedSeason } from './stage';

const s = (season: string, isReplay: boolean, lastKickoff: string | null) => ({ season, isReplay, lastKickoff });

describe('current season: the latest real season, replays after, archived cycles left out', () => {
  it('ATP: the real 2024 season before the 2017 point-by-point replay whose kickoffs are today', () => {
    const ordered = orderSeasons([
      s('2017-replay', true, '2026-11-24T23:00:00.000Z'),
      s('2024', false, '2024-11-18T12:00:00.000Z'),
    ]);
    expect(ordered.map((x) => x.season)).toEqual(['2024', '2017-replay']);
  });
  it('World Cup (replays only): the 2022 replay before 2018, whatever their wall-clock kickoffs; archived cycles are not listed', () => {
    const ordered = orderSeasons([
      s('2018-replay', true, '2026-11-25T10:00:00.000Z'),
      s('2022-replay', true, '2026-11-25T09:00:00.000Z'),
      s('2022-replay-3', true, '2026-11-24T09:00:00.000Z'),
    ]);
    expect(ordered.map((x) => x.season)).toEqual(['2022-replay', '2018-replay']);
  });
  it('Premier League: newest real season first by its latest kickoff', () => {
    expect(
      orderSeasons([
        s('2023-24', false, '2024-05-19T15:00:00.000Z'),
        s('2024-25', false, '2025-05-25T15:00:00.000Z'),
      ]).map((x) => x.season),
    ).toEqual(['2024-25', '2023-24']);
  });
  it('labels', () => {
    expect([replayedSeason('2018-19-replay'), replayedSeason('2022-replay-4'), replayedSeason('2023-24')]).toEqual([
      '2018-19',
      '2022',
      null,
    ]);
    expect([isArchivedReplay('2022-replay-2'), isArchivedReplay('2022-replay'), isArchivedReplay('2022')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('stages', () => {
  it('NBA/NHL: any round is the playoffs; football knockout rounds are the competition itself', () => {
    expect([
      inStage('basketball', null, 'regular'),
      inStage('basketball', 'First Round', 'regular'),
      inStage('basketball', 'First Round', 'playoffs'),
    ]).toEqual([true, false, true]);
    expect([
      inStage('football', 'Final', 'regular'),
      inStage('football', 'Final', 'playoffs'),
      inStage('football', 'Final', 'all'),
    ]).toEqual([true, false, true]);
    expect([inStage('cricket', 'Qualifier 1', 'playoffs'), inStage('rugby', 'Round 3', 'regular')]).toEqual([
      true,
      true,
    ]);
  });
});
