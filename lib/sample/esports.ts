/**
 * Sample esports data (esports has no open dataset): a fictional Counter-Strike-style league
 * ("Sample Team A"…"Sample Team D") with full round-by-round timelines, generated
 * deterministically (an xorshift32 generator per series; no Math.random). Every timeline is
 * accepted by lib/esports/rules.ts and ends with the `result` event; the sandbox shows these
 * fixtures labelled as sample data.
 *
 * Fixture model (docs/sports/esports.md): result { home/away: maps won, winner,
 * detail: EsportsResultDetail { best_of, maps } }.
 * Four finished series (three best of 3, one best of 1) and two scheduled series complete a
 * single round robin.
 */
import { mapDecided, mapsToWin } from '../esports/rules';
import type { BestOf, EsportsMap, EsportsResultDetail } from '../esports/types';
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';

/** The map pool of the sample league (fictional names). */
export const SAMPLE_ESPORTS_MAPS: readonly string[] = [
  'Sample Map Alpha',
  'Sample Map Bravo',
  'Sample Map Charlie',
  'Sample Map Delta',
  'Sample Map Echo',
];

interface SeriesPlan {
  slug: string;
  home: string;
  away: string;
  kickoff: string;
  best_of: BestOf;
  seed: number;
  /** Chance the home team wins a round (0–1). */
  home_strength: number;
  /** Index of the first map in the pool (maps follow in pool order). */
  first_map: number;
}

const [A, B, C, D] = ['Sample Team A', 'Sample Team B', 'Sample Team C', 'Sample Team D'];
const FINISHED: SeriesPlan[] = [
  {
    slug: 'week-1-a-b',
    home: A,
    away: B,
    kickoff: '2024-05-04T16:00:00Z',
    best_of: 3,
    seed: 101,
    home_strength: 0.56,
    first_map: 0,
  },
  {
    slug: 'week-1-c-d',
    home: C,
    away: D,
    kickoff: '2024-05-04T19:00:00Z',
    best_of: 3,
    seed: 202,
    home_strength: 0.47,
    first_map: 2,
  },
  {
    slug: 'week-2-a-c',
    home: A,
    away: C,
    kickoff: '2024-05-11T16:00:00Z',
    best_of: 1,
    seed: 303,
    home_strength: 0.5,
    first_map: 4,
  },
  {
    slug: 'week-2-b-d',
    home: B,
    away: D,
    kickoff: '2024-05-11T19:00:00Z',
    best_of: 3,
    seed: 404,
    home_strength: 0.53,
    first_map: 1,
  },
];
const SCHEDULED = [
  { slug: 'week-3-a-d', home: A, away: D, kickoff: '2024-05-18T16:00:00Z' },
  { slug: 'week-3-b-c', home: B, away: C, kickoff: '2024-05-18T19:00:00Z' },
];

/** The series' events and its maps, played until a team has won the series. */
function playSeries(key: string, p: SeriesPlan): { events: SportEvent[]; maps: EsportsMap[] } {
  let x = p.seed;
  const draw = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const events: SportEvent[] = [];
  const emit = (type: string, side: Side | null, period: string | null, detail: Record<string, unknown> = {}) =>
    events.push({
      event_id: `${key}/${events.length + 1}`,
      type,
      side,
      player: null,
      minute: null,
      period,
      clock_seconds: null,
      detail,
    });
  const maps: EsportsMap[] = [];
  const won = (s: Side) => maps.filter((m) => m.winner === s).length;
  while (Math.max(won('home'), won('away')) < mapsToWin(p.best_of)) {
    const number = maps.length + 1;
    const map: EsportsMap = {
      number,
      map: SAMPLE_ESPORTS_MAPS[(p.first_map + number - 1) % SAMPLE_ESPORTS_MAPS.length],
      home: 0,
      away: 0,
      winner: null,
    };
    emit('map_start', null, `map_${number}`, number === 1 ? { map: map.map, best_of: p.best_of } : { map: map.map });
    while (!mapDecided(map.home, map.away)) {
      const side: Side = draw() < p.home_strength ? 'home' : 'away';
      map[side] += 1;
      emit('round_won', side, null, { round: map.home + map.away });
    }
    map.winner = map.home > map.away ? 'home' : 'away';
    emit('map_end', null, `map_${number}`);
    maps.push(map);
  }
  emit('result', null, null, { home: won('home'), away: won('away') });
  return { events, maps };
}

function base(p: { slug: string; home: string; away: string; kickoff: string }) {
  return {
    sport: 'esports' as const,
    source: 'sample',
    source_key: `sample/esports/2024/${p.slug}`,
    competition: 'sample-esports-league',
    competition_name: 'Sample Esports League (sample data)',
    season: '2024',
    round: `Week ${p.slug.split('-')[1]}`,
    group: null,
    venue: 'Online',
    kickoff: p.kickoff,
    home_team: p.home,
    away_team: p.away,
    stats: null,
  };
}

/**
 * The sample esports fixtures: four finished series with full timelines, then two scheduled.
 * `round` = "Week <n>"; kickoff = the start of map 1, UTC. Deterministic: every call returns
 * equal values (fresh objects).
 */
export function sampleEsportsMatches(): ImportedSportMatch[] {
  const finished = FINISHED.map((p): ImportedSportMatch => {
    const m = base(p);
    const { events, maps } = playSeries(m.source_key, p);
    const home = maps.filter((x) => x.winner === 'home').length;
    const away = maps.length - home;
    const detail: EsportsResultDetail = { best_of: p.best_of, maps };
    return { ...m, status: 'finished', result: { home, away, winner: home > away ? 'home' : 'away', detail }, events };
  });
  return [
    ...finished,
    ...SCHEDULED.map((p): ImportedSportMatch => ({ ...base(p), status: 'scheduled', result: null, events: [] })),
  ];
}
