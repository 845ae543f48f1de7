/**
 * The one replay timeline (lib/replay/match-timeline.ts) gives exactly what the replay scheduler
 * computed before it existed — football's clock timeline (lib/replay/timeline.ts) for a football
 * match, the paced timeline (lib/import/sport-timeline.ts, stoppage null) for any other sport — on
 * real matches: every World Cup 2022 match and one played match with events (or a result) of
 * each other sport with a bundled dataset.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCricsheet } from '../import/cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from '../import/fivethirtyeight';
import { parseOpenfootball } from '../import/openfootball';
import { parseRetrosheet } from '../import/retrosheet';
import { parseSackmannAtp, parseSackmannPbp } from '../import/sackmann';
import { sportTimeline } from '../import/sport-timeline';
import { parseSuperRugby } from '../import/superrugby';
import type { ImportedSportMatch } from '../rules/contract';
import { matchTimeline } from './match-timeline';
import { buildTimeline } from './timeline';

const D = fileURLToPath(new URL('../../datasets/', import.meta.url));
const read = (p: string) => readFileSync(D + p, 'utf8');
const played = (ms: ImportedSportMatch[]) => ms.find((m) => m.events.length > 0) ?? ms.find((m) => m.result)!;

describe('one replay timeline for every sport', () => {
  it('a World Cup 2022 match: football timeline unchanged, its clock runs on wall time', () => {
    const wc = parseOpenfootball(JSON.parse(read('football/openfootball-worldcup.json/2022/worldcup.json')), {
      competition: 'world-cup',
      season: '2022',
      timezone: 'Asia/Qatar',
      sourceName: 'worldcup.json',
    });
    expect(wc).toHaveLength(64);
    for (const m of wc) expect(matchTimeline(m), m.source_key).toEqual({ ...buildTimeline(m), wallClock: true });
  });

  it.each([
    [
      'cricket',
      () => parseCricsheet(JSON.parse(read('cricket/cricsheet/t20s_json/1298179.json')), { matchId: '1298179' }),
    ],
    ['baseball', () => parseRetrosheet(read('baseball/retrosheet/2016/2016CHN.EVN'))],
    [
      'tennis (point by point)',
      () => parseSackmannPbp(read('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv')),
    ],
    ['tennis (results)', () => parseSackmannAtp(read('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv'))],
    ['basketball', () => parseFiveThirtyEightNba(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'))],
    ['ice hockey', () => parseFiveThirtyEightNhl(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'))],
    ['rugby', () => parseSuperRugby(read('rugby/superrugby/superrugby_raw.csv'))],
  ])('%s: the paced timeline unchanged, no wall clock', (_name, load) => {
    const m = played(load());
    const t = sportTimeline(m);
    const got = matchTimeline(m);
    expect(got).toEqual({
      events: t.events.map((e) => ({ at: e.at_s, event: { ...e.event, stoppage: null } })),
      duration: t.duration_s,
      wallClock: false,
    });
    expect(got.events.length).toBeGreaterThan(0);
  });
});
