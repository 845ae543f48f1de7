/**
 * The shared part of the NHL, NBA, MLB and OpenDota adapters (kit/polled-adapter.ts), through the
 * real adapter classes: pacing from the settings, the base URL without trailing slashes, and the
 * `<SOURCE>_TEAMS` filter (empty follows everyone, names match in any case, missing names never).
 */
import { describe, expect, it } from 'vitest';
import type { SourceSettings } from '../../config-sources';
import { MlbAdapter } from '../mlb/mlb';
import { NbaAdapter } from '../nba/nba';
import { NhlAdapter } from '../nhl/nhl';
import { OpenDotaAdapter } from '../opendota/opendota';

const settings = (teams: string[] = []): SourceSettings => ({
  name: 'x',
  baseUrl: 'http://127.0.0.1:4010//',
  gameIds: [],
  teams,
  liveIntervalMs: 5_000,
  idleIntervalMs: 60_000,
  requestsPerMinute: 30,
});

/** Reaches the protected filter the adapters poll with. */
const follows = (a: object, names: (string | null | undefined)[]) =>
  (a as { followsTeams(n: typeof names): boolean }).followsTeams(names);

describe('PolledAdapter', () => {
  it.each([
    ['nhl', (s: SourceSettings) => new NhlAdapter(s)],
    ['nba', (s: SourceSettings) => new NbaAdapter(s)],
    ['mlb', (s: SourceSettings) => new MlbAdapter(s)],
    ['opendota', (s: SourceSettings) => new OpenDotaAdapter(s)],
  ])('%s takes its pacing and base URL from the settings', (name, make) => {
    const a = make(settings());
    expect(a.name).toBe(name);
    expect([a.intervalMs, a.liveIntervalMs, a.requestsPerMinute]).toEqual([60_000, 5_000, 30]);
    expect((a as unknown as { baseUrl: string }).baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('follows every team with no list, and only the listed ones (any case) with one', () => {
    expect(follows(new MlbAdapter(settings()), ['New York Yankees'])).toBe(true);
    const a = new NbaAdapter(settings(['BOS', 'LOS ANGELES LAKERS']));
    expect(follows(a, ['bos', 'NYK'])).toBe(true);
    expect(follows(a, [null, 'Los Angeles Lakers'])).toBe(true);
    expect(follows(a, ['NYK', undefined, null])).toBe(false);
  });
});
