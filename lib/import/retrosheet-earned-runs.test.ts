/**
 * The official scorer's earned runs (`data,er`) reach what the server serves: the importer's
 * events, timed as the engine ingests them (lib/import/sport-timeline.ts), folded through the
 * baseball rules, leave them in the projected `state.result` — the `result_detail` that
 * server/store/queries/get-stats-matches.ts hands the player statistics, and the `result` event
 * the match page's box score reads. Before the fix only the importer's own `result.detail` had
 * them, so every pitcher's ER and ERA came out null from the server.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseballBoxScore } from '../baseball/box-score';
import { rulesFor } from '../match/registry';
import { baseballPlayerCategories } from '../statistics/baseball';
import type { StatsMatch } from '../statistics/types';
import { parseRetrosheet } from './retrosheet';
import { sportTimeline } from './sport-timeline';

const FILE = fileURLToPath(new URL('../../datasets/baseball/retrosheet/2016/2016CHN.EVN', import.meta.url));
const text = readFileSync(FILE, 'utf8');
const games = parseRetrosheet(text);

/** `data,er,<pitcher id>,<er>` records straight from the file, per game id and pitcher id. */
function earnedRunsInFile(): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  let game = '';
  for (const line of text.split(/\r?\n/)) {
    const f = line.split(',');
    if (f[0] === 'id') out.set((game = f[1]), new Map());
    else if (f[0] === 'data' && f[1] === 'er') out.get(game)!.set(f[2], Number(f[3]));
  }
  return out;
}

/** One game as the server stores and loads it: the ingested events, result_detail = projected state.result. */
function asServed(m: (typeof games)[number], id: number): StatsMatch {
  const rules = rulesFor('baseball');
  const events = sportTimeline(m).events.map((t) => t.event);
  const projection = rules.project(events.reduce(rules.applyEvent, rules.initialState()));
  return {
    fixture_id: id,
    sport: 'baseball',
    competition: m.competition,
    season: m.season,
    home_team: m.home_team,
    away_team: m.away_team,
    kickoff: m.kickoff,
    status: projection.status,
    score: projection.score,
    winner: m.result!.winner,
    result_detail: projection.state.result as Record<string, unknown>,
    events,
    stats: null,
  };
}

describe('Retrosheet earned runs through the engine path (2016CHN.EVN)', () => {
  const file = earnedRunsInFile();
  const served = games.map((m, i) => asServed(m, i + 1));

  it('the file has 683 data,er records, and every one reaches the projected result of its game', () => {
    expect([...file.values()].reduce((n, g) => n + g.size, 0)).toBe(683);
    for (const m of served) {
      const er = (m.result_detail!.earned_runs as { pitcher_id: string; er: number }[]) ?? [];
      const id = m.events[0].event_id.split('/')[1];
      expect(new Map(er.map((x) => [x.pitcher_id, x.er])), id).toEqual(file.get(id));
    }
  });

  it('season pitching lines: ER = the sum of his data,er records, ERA = 27 · ER / outs (2 dp), none null', () => {
    const pitching = baseballPlayerCategories(served).find((c) => c.name === 'pitching')!;
    const total = new Map<string, number>();
    for (const g of file.values()) for (const [id, er] of g) total.set(id, (total.get(id) ?? 0) + er);
    expect(pitching.rows.length).toBe(total.size);
    for (const row of pitching.rows as unknown as {
      player_id: string;
      er: number | null;
      era: number | null;
      outs: number;
    }[]) {
      expect(row.er, row.player_id).toBe(total.get(row.player_id));
      if (row.outs) expect(row.era, row.player_id).toBe(Math.round((2700 * row.er!) / row.outs) / 100);
    }
  });

  it("a game's box score (as the match page builds it from the result event) has every pitcher's ER", () => {
    for (const m of served.slice(0, 10)) {
      const result = m.events.find((e) => e.type === 'result')!;
      const box = baseballBoxScore(m.events, result.detail.earned_runs as { pitcher_id: string; er: number }[]);
      const id = m.events[0].event_id.split('/')[1];
      const pitchers = [...box!.home.pitching, ...box!.away.pitching];
      expect(new Map(pitchers.map((p) => [p.player_id, p.er])), id).toEqual(file.get(id));
    }
  });
});
