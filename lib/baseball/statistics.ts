/**
 * Baseball player statistics from imported play-by-play (pure; no I/O). Input: matches from
 * lib/import/retrosheet.ts (events carry `detail.batter_id`/`pitcher_id`; earned runs come
 * from `result.detail.earned_runs`, Retrosheet `data,er`).
 *
 * Batting (per batter id): PA plate appearances; AB = PA − BB − HBP − SF − SH − interference;
 * H hits (single…home run); HR; BB walks incl. intentional; SO strikeouts; RBI = runs scoring on
 * the batter's plate appearance, except runs marked no-RBI (`(NR)`), runs on a ground-ball
 * double play (`GDP`), on a strikeout, or on an error (unless marked `(RBI)`) — an
 * approximation of Official Baseball Rule 9.04 (Retrosheet marks most exceptions explicitly);
 * AVG = H / AB (null with no at-bats).
 * Pitching (per pitcher id): outs recorded while he pitched; IP = outs / 3 (display
 * {@link inningsPitched}: 6.2 = 6⅔); ER from the official scorer; ERA = 9 · ER / IP (null with
 * no outs).
 */
import type { ImportedSportMatch } from '../rules/contract';
import { HIT_OUTCOMES, type Advance, type PlayDetail } from './types';

export interface BattingLine {
  player_id: string;
  player: string;
  team: string;
  games: number;
  pa: number;
  ab: number;
  h: number;
  hr: number;
  rbi: number;
  bb: number;
  so: number;
  avg: number | null;
}

export interface PitchingLine {
  player_id: string;
  player: string;
  team: string;
  games: number;
  outs: number;
  /** Baseball notation: whole innings + '.' + thirds (e.g. "6.2"). */
  ip: string;
  er: number;
  era: number | null;
}

/** Outs → innings pitched in baseball notation (20 outs → "6.2"). */
export function inningsPitched(outs: number): string {
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

const NO_AB_OUTCOMES = new Set(['walk', 'intentional_walk', 'hit_by_pitch', 'interference']);

/**
 * Batting and pitching lines over matches (players keyed by source id).
 * @returns batting sorted by player id, pitching sorted by player id.
 */
export function computeBaseballStatistics(matches: ImportedSportMatch[]): {
  batting: BattingLine[];
  pitching: PitchingLine[];
} {
  const batting = new Map<string, BattingLine & { seen: Set<string> }>();
  const pitching = new Map<string, PitchingLine & { seen: Set<string> }>();
  for (const m of matches) {
    const teamOf = { home: m.home_team, away: m.away_team };
    for (const e of m.events) {
      if ((e.type !== 'plate_appearance' && e.type !== 'base_running') || !e.side) continue;
      const d = e.detail as unknown as PlayDetail;
      const advances = d.advances as Advance[];
      const fielding = e.side === 'home' ? 'away' : 'home';
      if (d.pitcher_id) {
        let p = pitching.get(d.pitcher_id);
        if (!p)
          pitching.set(
            d.pitcher_id,
            (p = {
              player_id: d.pitcher_id,
              player: d.pitcher ?? d.pitcher_id,
              team: teamOf[fielding],
              games: 0,
              outs: 0,
              ip: '0.0',
              er: 0,
              era: null,
              seen: new Set(),
            }),
          );
        p.seen.add(m.source_key);
        p.outs += advances.filter((a) => a.out).length;
      }
      if (e.type !== 'plate_appearance' || !d.batter_id) continue;
      let b = batting.get(d.batter_id);
      if (!b)
        batting.set(
          d.batter_id,
          (b = {
            player_id: d.batter_id,
            player: e.player ?? d.batter_id,
            team: teamOf[e.side],
            games: 0,
            pa: 0,
            ab: 0,
            h: 0,
            hr: 0,
            rbi: 0,
            bb: 0,
            so: 0,
            avg: null,
            seen: new Set(),
          }),
        );
      b.seen.add(m.source_key);
      const mods = d.modifiers ?? [];
      b.pa += 1;
      if (!NO_AB_OUTCOMES.has(d.outcome) && !mods.includes('SF') && !mods.includes('SH')) b.ab += 1;
      if (HIT_OUTCOMES.includes(d.outcome)) b.h += 1;
      if (d.outcome === 'home_run') b.hr += 1;
      if (d.outcome === 'walk' || d.outcome === 'intentional_walk') b.bb += 1;
      if (d.outcome === 'strikeout') b.so += 1;
      const noDefaultRbi = d.outcome === 'error' || d.outcome === 'strikeout' || mods.includes('GDP');
      b.rbi += advances.filter(
        (a) => a.to === 'H' && !a.out && (a.rbi === true || (a.rbi !== false && !noDefaultRbi)),
      ).length;
    }
    for (const x of (m.result?.detail.earned_runs ?? []) as { pitcher_id: string; er: number }[]) {
      const p = pitching.get(x.pitcher_id);
      if (p) p.er += x.er;
    }
  }
  const strip = <T extends { seen: Set<string> }>({ seen, ...rest }: T) => ({ ...rest, games: seen.size });
  return {
    batting: [...batting.values()]
      .map((b) => ({ ...strip(b), avg: b.ab ? b.h / b.ab : null }))
      .sort((a, b) => (a.player_id < b.player_id ? -1 : 1)),
    pitching: [...pitching.values()]
      .map((p) => ({ ...strip(p), ip: inningsPitched(p.outs), era: p.outs ? (9 * p.er) / (p.outs / 3) : null }))
      .sort((a, b) => (a.player_id < b.player_id ? -1 : 1)),
  };
}
