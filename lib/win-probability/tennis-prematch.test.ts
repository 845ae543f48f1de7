/**
 * The tennis pre-match ratings' use of what is known before a match (issue 37 item 5): a
 * tournament rated round by round (the source dates every match at the tournament's Monday), and a
 * player first seen starting from their ATP ranking points at the match — never from the match's
 * result or a later round. Hand-made results whose values follow from the docstrings, then the
 * bundled ATP 2024 file through the real importer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSackmannAtp } from '../import/sackmann';
import { eloExpectation } from './elo';
import { PREMATCH_PARAMS, prematchProbabilities, tennisRoundOrder } from './prematch';
import { ratedSport } from './rated-import';
import type { RatedResult } from './types';

const monday = '2024-01-01T10:00:00Z';
const match = (
  id: number,
  round: string,
  home: string,
  away: string,
  homeWins: boolean,
  pts?: [number, number],
): RatedResult => ({
  fixture_id: id,
  kickoff: monday,
  competition: 'atp-tour',
  season: '2024',
  home,
  away,
  home_score: homeWins ? 2 : 0,
  away_score: homeWins ? 0 : 2,
  winner: homeWins ? 'home' : 'away',
  surface: 'Hard',
  order: tennisRoundOrder(round),
  home_rank_points: pts?.[0] ?? null,
  away_rank_points: pts?.[1] ?? null,
  finished: true,
});

describe('tennis pre-match: round by round, ranking points as the first rating', () => {
  it("a semi-final reads its players' quarter-finals of the same Monday; a quarter-final never reads another", () => {
    const params = { ...PREMATCH_PARAMS.tennis, rank_points_scale: undefined };
    const rows = [match(1, 'QF', 'A', 'B', true), match(2, 'QF', 'C', 'D', true), match(3, 'SF', 'A', 'C', true)];
    const pre = prematchProbabilities('tennis', rows, undefined, params);
    // Quarter-finals: nobody rated yet.
    expect(pre.get(1)!.home).toBeCloseTo(0.5, 12);
    expect(pre.get(2)!.home).toBeCloseTo(0.5, 12);
    // The semi-final: both players won once, from 1500 with K = 150 / 5^0.4 (overall and surface alike).
    const up = 1500 + (150 / 5 ** 0.4) * 0.5;
    expect(pre.get(3)!.rating.home_rating).toBeCloseTo(up, 9);
    expect(pre.get(3)!.rating.home_games).toBe(1);
    // Flipping the semi-final's result leaves every prediction as it was (its own result is not read).
    const flipped = prematchProbabilities(
      'tennis',
      [rows[0], rows[1], { ...rows[2], winner: 'away' }],
      undefined,
      params,
    );
    for (const id of [1, 2, 3]) expect(flipped.get(id)).toEqual(pre.get(id));
    // Without the order (as before) the semi-final did not see the quarter-finals.
    const unordered = prematchProbabilities(
      'tennis',
      rows.map((r) => ({ ...r, order: undefined })),
      undefined,
      params,
    );
    expect(unordered.get(3)!.rating.home_games).toBe(0);
  });

  it('a new player starts at 1500 + 100·ln(points / 1000) with K 75/(n+5)^0.4; unknown points start at 1500 with K 150', () => {
    // Elo alone (serve-rating blend off, tested in tennis-serve-rating.test.ts): the figures follow from elo.ts.
    const elo = { ...PREMATCH_PARAMS.tennis, serve_blend: 0 };
    const pre = prematchProbabilities(
      'tennis',
      [match(1, 'R32', 'A', 'B', false, [4000, 250]), match(2, 'R32', 'C', 'D', true)],
      undefined,
      elo,
    );
    const r = pre.get(1)!.rating;
    expect(r.home_rating).toBeCloseTo(1500 + 100 * Math.log(4), 9);
    expect(r.away_rating).toBeCloseTo(1500 + 100 * Math.log(0.25), 9);
    expect(pre.get(1)!.home).toBeCloseTo(eloExpectation(100 * Math.log(16)), 9);
    expect(pre.get(2)!.home).toBeCloseTo(0.5, 12);
    // A player started from the ranking updates with k_start 75, one started at 1500 with k 150.
    const next = prematchProbabilities(
      'tennis',
      [match(1, 'R32', 'A', 'B', false, [4000, 250]), match(2, 'R32', 'C', 'D', true), match(3, 'R16', 'B', 'C', true)],
      undefined,
      elo,
    ).get(3)!.rating;
    const e = eloExpectation(100 * Math.log(16));
    expect(next.home_rating).toBeCloseTo(1500 + 100 * Math.log(0.25) + (75 / 5 ** 0.4) * e, 9);
    expect(next.away_rating).toBeCloseTo(1500 + (150 / 5 ** 0.4) * 0.5, 9);
  });

  it('on the bundled ATP 2024 file: every round sees only earlier rounds; the favourite by ranking points is the favourite at a first meeting', () => {
    const file = path.join(import.meta.dirname, '../../datasets/tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv');
    const ms = parseSackmannAtp(readFileSync(file, 'utf8')).filter((m) => m.result?.winner);
    const rated = ms.map(ratedSport);
    const pre = prematchProbabilities('tennis', rated);
    // The Australian Open final (Sinner v Medvedev): every result after it flipped leaves it unchanged.
    const final = ms.find(
      (m) => m.round === 'F' && m.result!.detail && /Australian Open/.test(JSON.stringify(m.result!.detail)),
    )!;
    expect(final).toBeTruthy();
    const cut = rated.find((r) => r.fixture_id === final.source_key)!;
    const later = (r: RatedResult) =>
      r.kickoff > cut.kickoff || (r.kickoff === cut.kickoff && (r.order ?? 0) >= (cut.order ?? 0));
    const flippedLater = rated.map((r) =>
      later(r) ? { ...r, winner: r.winner === 'home' ? ('away' as const) : ('home' as const) } : r,
    );
    expect(prematchProbabilities('tennis', flippedLater).get(final.source_key)).toEqual(pre.get(final.source_key));
    // Both finalists had six matches of the tournament rated before the final.
    const p = pre.get(final.source_key)!;
    expect(Math.min(p.rating.home_games, p.rating.away_games)).toBeGreaterThanOrEqual(6);
    // First matches of two ranked players (at least 10 points each, the floor): the side with more points is the favourite.
    const firsts = rated.filter(
      (r) => pre.get(r.fixture_id)!.rating.home_games === 0 && pre.get(r.fixture_id)!.rating.away_games === 0,
    );
    const ranked = firsts.filter(
      (r) =>
        (r.home_rank_points ?? 0) >= 10 && (r.away_rank_points ?? 0) >= 10 && r.home_rank_points !== r.away_rank_points,
    );
    expect(ranked.length).toBeGreaterThan(50);
    const wrong = ranked.filter((r) => pre.get(r.fixture_id)!.home > 0.5 !== r.home_rank_points! > r.away_rank_points!);
    expect(wrong.map((r) => [r.fixture_id, r.home, r.home_rank_points, r.away, r.away_rank_points])).toEqual([]);
  });
});
