/**
 * ESPN cricket → one fixture per match (docs/sports/cricket.md). Pure. A scoreboard event has one
 * competition with two teams (`homeAway`); each team's `linescores` hold every innings of the
 * match by number (`value`), its own marked `isBatting` with `runs`, `wickets`, `overs` (73.5 =
 * 73 overs 5 balls) and a `description` ("complete", "all out", "target reached", "declared",
 * "" while it goes on). The match's `class` gives the format (`eventType` T20, ODI, Test …: the
 * overs quota) and `status.summary` the result in words ("India won by 3 wkts", "… won by 20
 * runs", "Match tied", "No result", "Match drawn"). ESPN gives totals, not deliveries, so each
 * innings is sent as an `innings_score` snapshot (in batting order, the one in progress open) and
 * a finished match as its `result` (kind, winner, margin read from the summary; ESPN's `winner`
 * flag decides the winner). docs/adapters.md "ESPN".
 */
import type { InningsEndReason } from '@/lib/cricket/types';
import type { FeedEvent } from '@/lib/match/state';
import {
  espnFixture,
  type EspnLeague,
  type EspnMapped,
  interruptionOf,
  isoOf,
  isWinner,
  nameOf,
  sidesOf,
  sportEvent,
  stateOf,
} from './espn-common';
import { EspnCompetitionSchema, type EspnCompetitor, type EspnEvent } from './espn-schemas';

/** Overs quota of a match class (`eventType` / `generalClassCard`); null for unlimited (Tests, first-class) or unknown. */
export function oversQuotaOf(cls: { eventType?: string; generalClassCard?: string } | undefined): number | null {
  const t = `${cls?.eventType ?? ''} ${cls?.generalClassCard ?? ''}`.toUpperCase();
  if (/T20|TWENTY20/.test(t)) return 20;
  if (/\bT10\b/.test(t)) return 10;
  if (/\bODI\b|ONE-DAY|LIST A|\b50\b/.test(t)) return 50;
  return null;
}

const REASONS: Record<string, InningsEndReason> = {
  'all out': 'all_out',
  complete: 'overs_complete',
  'target reached': 'target_reached',
  declared: 'declared',
  dec: 'declared',
  forfeited: 'forfeited',
};

/** One innings as ESPN reports it. */
export interface EspnInnings {
  innings: number;
  side: 'home' | 'away';
  runs: number;
  wickets: number;
  overs: number;
  /** ESPN's description ("all out", "" while batting). */
  description: string;
}

/** Every innings batted, in match order, from both teams' line scores (entries without runs, wickets or overs left out). */
export function inningsOf(home: EspnCompetitor, away: EspnCompetitor): EspnInnings[] {
  const out: EspnInnings[] = [];
  for (const [side, c] of [
    ['home', home],
    ['away', away],
  ] as const)
    for (const l of c.linescores ?? [])
      if (l.isBatting && Number.isInteger(l.value) && Number.isInteger(l.runs) && Number.isInteger(l.wickets))
        if (typeof l.overs === 'number' && Number.isFinite(l.overs))
          out.push({
            innings: l.value!,
            side,
            runs: l.runs!,
            wickets: l.wickets!,
            overs: l.overs,
            description: (l.description ?? '').trim().toLowerCase(),
          });
  return out.sort((a, b) => a.innings - b.innings);
}

/** The result's kind and margin from ESPN's summary sentence; null when it names none. */
export function resultOf(summary: string | undefined): {
  kind: 'win' | 'tie' | 'no_result' | 'draw';
  by: { runs?: number; wickets?: number; innings?: number } | null;
} | null {
  const t = (summary ?? '').toLowerCase();
  if (/no result|abandoned/.test(t)) return { kind: 'no_result', by: null };
  if (/\btied\b|\btie\b/.test(t)) return { kind: 'tie', by: null };
  if (/\bdrawn\b|\bdraw\b/.test(t)) return { kind: 'draw', by: null };
  const inns = /won by an innings and (\d+) runs?/.exec(t);
  if (inns) return { kind: 'win', by: { innings: 1, runs: Number(inns[1]) } };
  const m = /won by (\d+) (runs?|wkts?|wickets?)/.exec(t);
  if (m) return { kind: 'win', by: m[2].startsWith('run') ? { runs: Number(m[1]) } : { wickets: Number(m[1]) } };
  if (/\bwon\b/.test(t)) return { kind: 'win', by: null };
  return null;
}

/** A cricket scoreboard event as its fixture, innings snapshots and result. Null without a competition, two teams or a date. */
export function mapCricket(raw: EspnEvent, league: EspnLeague): EspnMapped | null {
  const cr = EspnCompetitionSchema.safeParse(raw.competitions?.[0]);
  if (!cr.success) return null;
  const c = cr.data;
  const sides = sidesOf(c.competitors);
  const kickoff = isoOf(c.date ?? raw.date);
  if (!sides || !kickoff) return null;
  const fixture = espnFixture(league, raw, kickoff, {
    round: c.description?.trim() || null,
    venue: c.venue?.fullName ?? null,
    home_team: nameOf(sides.home)!,
    away_team: nameOf(sides.away)!,
  });
  const key = `espn:cricket:${raw.id}`;
  const events: FeedEvent[] = [];
  const skipped: EspnMapped['skipped'] = [];
  const status = c.status ?? raw.status;
  const interruption = interruptionOf(status);
  const state = stateOf(status);
  if (interruption === 'postponed' || interruption === 'abandoned')
    events.push(sportEvent(`${key}:status:${interruption}`, 'status', { detail: { status: interruption } }));
  if (state !== 'in' && state !== 'post') return { fixture, events, skipped, odds: c.odds ?? null };
  const quota = oversQuotaOf(c.class);
  const innings = inningsOf(sides.home, sides.away);
  innings.forEach((inn, i) => {
    const last = i === innings.length - 1;
    const closed = state === 'post' || !last || (inn.description !== '' && inn.description in REASONS);
    events.push(
      sportEvent(
        `${key}:innings:${inn.innings}:${inn.runs}/${inn.wickets}:${inn.overs}:${closed ? 'c' : 'o'}`,
        'innings_score',
        {
          side: inn.side,
          period: `innings_${inn.innings}`,
          detail: {
            innings: inn.innings,
            runs: inn.runs,
            wickets: inn.wickets,
            overs: String(inn.overs),
            ...(inn.innings === 1 && quota !== null ? { overs_limit: quota } : {}),
            ...(closed ? { closed: true } : {}),
            ...(closed && REASONS[inn.description] ? { reason: REASONS[inn.description] } : {}),
          },
        },
      ),
    );
  });
  if (state === 'post') {
    const r = resultOf(status?.summary);
    const winner = isWinner(sides.home) ? 'home' : isWinner(sides.away) ? 'away' : null;
    if (!r || (r.kind === 'win' && !winner))
      skipped.push({
        item: `event ${raw.id} result`,
        reason: `final without a readable result (${status?.summary ?? 'no summary'})`,
      });
    else
      events.push(
        sportEvent(`${key}:result`, 'result', {
          side: r.kind === 'win' ? winner : null,
          detail: {
            kind: r.kind,
            winner: r.kind === 'win' ? winner : null,
            by: r.by,
            summary: status?.summary ?? null,
          },
        }),
      );
  }
  return { fixture, events, skipped, odds: c.odds ?? null };
}
