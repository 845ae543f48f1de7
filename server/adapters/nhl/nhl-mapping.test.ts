/**
 * The nhl adapter's mapping on the recorded play-by-play (test/fixtures/upstream/nhl-api-web/):
 * every fact checked against values read from the file, and the mapped events folded through
 * the ice-hockey rules (playoff format) to the file's final score, shots and penalty minutes.
 */
import { describe, expect, it } from 'vitest';
import { foldLog } from '@/lib/match/corrections';
import type { FeedEvent, SportMatchState } from '@/lib/match/state';
import { iceHockeyPlayerCategories } from '@/lib/statistics/event-players';
import { nhlGoalCuts, nhlPlayByPlayAt, readNhlRecording } from '@/test/helpers/nhl-cuts';
import { diffDelivered, type Ledger } from '../kit/ledger';
import { mapNhlGame, nhlStrength } from './nhl-mapping';
import { NhlPlayByPlaySchema } from './nhl-schemas';

const rec = readNhlRecording();
const pbp = NhlPlayByPlaySchema.parse(rec);
const roster = new Map(
  (rec.rosterSpots as { playerId: number; firstName: { default: string }; lastName: { default: string } }[]).map(
    (r) => [r.playerId, `${r.firstName.default} ${r.lastName.default}`],
  ),
);
const plays = [...rec.plays].sort((a, b) => a.sortOrder - b.sortOrder);
const sideOf = (teamId: unknown) => (teamId === rec.homeTeam.id ? 'home' : 'away');
const fold = (events: FeedEvent[]) =>
  foldLog(
    'ice-hockey',
    events.map((event) => ({ event, occurred_at: '2025-04-23T01:00:00.000Z' })),
    { playoff: true },
  ) as SportMatchState;

describe('nhl mapping of the recorded game 2024030121 (FLA 6 @ TBL 2)', () => {
  const mapped = mapNhlGame(pbp);

  it('the fixture: nhl league, season 2024-25, the playoffs, teams named as the bundled franchises', () => {
    const place = (t: { placeName?: { default: string }; commonName?: { default: string } }) =>
      `${t.placeName?.default} ${t.commonName?.default}`;
    expect(mapped.fixture).toMatchObject({
      sport: 'ice-hockey',
      competition: 'nhl',
      season: '2024-25',
      round: 'Playoffs',
      kickoff: rec.startTimeUTC,
      venue: (rec.venue as { default: string }).default,
      home_team: place(rec.homeTeam as never),
      away_team: place(rec.awayTeam as never),
    });
    expect(mapped).toMatchObject({ over: true, live: false, skipped: [] });
  });

  it('every goal with its scorer, assists and side; strength from situationCode agrees with the penalties running at each goal', () => {
    const goals = plays.filter((p) => p.typeDescKey === 'goal');
    expect(goals).toHaveLength(8);
    const mappedGoals = mapped.events.filter((e) => e.type === 'goal');
    expect(mappedGoals.map((e) => [e.event_id, e.side, e.player, e.detail.assists])).toEqual(
      goals.map((g) => [
        `nhl:${rec.id}:${g.eventId}`,
        sideOf(g.details?.eventOwnerTeamId),
        roster.get(g.details?.scoringPlayerId as number),
        [g.details?.assist1PlayerId, g.details?.assist2PlayerId].filter(Boolean).map((id) => roster.get(id as number)),
      ]),
    );
    // The oracle: a goal while an opponent's minor runs (called ≤ 2 min before, not ended by an
    // earlier power-play goal) is a power-play goal — from the file's penalties and clock.
    const at = (p: (typeof plays)[number]) =>
      ((p.periodDescriptor as { number: number }).number - 1) * 1200 +
      Number(String((p as { timeInPeriod?: string }).timeInPeriod).split(':')[0]) * 60 +
      Number(String((p as { timeInPeriod?: string }).timeInPeriod).split(':')[1]);
    const minors = plays
      .filter((p) => p.typeDescKey === 'penalty' && p.details?.duration === 2)
      .map((p) => ({ side: sideOf(p.details?.eventOwnerTeamId), from: at(p), to: at(p) + 120 }));
    const expected = goals.map((g) => {
      const side = sideOf(g.details?.eventOwnerTeamId);
      const t = at(g);
      const running = minors.find((m) => m.side !== side && m.from < t && t <= m.to);
      if (running) running.to = t; // the power-play goal ends the minor
      return running ? 'power_play' : 'even';
    });
    expect(expected.filter((x) => x === 'power_play')).toHaveLength(4);
    expect(mappedGoals.map((e) => e.detail.strength)).toEqual(expected);
    expect(nhlStrength('0651', 'home')).toBe('empty_net');
    expect(nhlStrength('1541', 'home')).toBe('short_handed');
  });

  it('every penalty with its team, player and minutes', () => {
    const pens = plays.filter((p) => p.typeDescKey === 'penalty');
    expect(
      mapped.events
        .filter((e) => e.type === 'penalty')
        .map((e) => [e.side, e.player, e.detail.minutes, e.detail.infraction]),
    ).toEqual(
      pens.map((p) => [
        sideOf(p.details?.eventOwnerTeamId),
        p.details?.committedByPlayerId ? roster.get(p.details.committedByPlayerId as number) : null,
        p.details?.duration,
        p.details?.descKey,
      ]),
    );
  });

  it('folded through the playoff rules: the final score, shots on goal and penalty minutes of the file', () => {
    const state = fold(mapped.events);
    const s = state.sport_state as {
      status: string;
      score: { home: number; away: number };
      shots: { home: number; away: number };
      penalty_minutes: { home: number; away: number };
      line_score: { home: number[]; away: number[] };
    };
    const pim = { home: 0, away: 0 };
    for (const p of plays.filter((x) => x.typeDescKey === 'penalty'))
      pim[sideOf(p.details?.eventOwnerTeamId)] += p.details?.duration as number;
    expect(s.status).toBe('finished');
    expect(s.score).toEqual({ home: rec.homeTeam.score, away: rec.awayTeam.score });
    expect(s.shots).toEqual({ home: rec.homeTeam.sog, away: rec.awayTeam.sog });
    expect(s.penalty_minutes).toEqual(pim);
    expect(mapped.events.at(-1)).toMatchObject({
      type: 'result',
      detail: { home: rec.homeTeam.score, away: rec.awayTeam.score, decision: 'REG' },
    });
  });

  it('player statistics from the events: goals, assists, points, shots and PIM per player as the file counts them', () => {
    const [scorers] = iceHockeyPlayerCategories([
      {
        home_team: pbp.homeTeam.abbrev,
        away_team: pbp.awayTeam.abbrev,
        events: mapped.events.map((e) => ({ ...e, occurred_at: '' })),
      } as never,
    ]);
    const lines = new Map(scorers.rows.map((r) => [r.player, r]));
    const want = new Map<string, { goals: number; assists: number; shots: number; penalty_minutes: number }>();
    const line = (id: unknown) => {
      const n = roster.get(id as number)!;
      if (!want.has(n)) want.set(n, { goals: 0, assists: 0, shots: 0, penalty_minutes: 0 });
      return want.get(n)!;
    };
    for (const p of plays) {
      const d = p.details ?? {};
      if (p.typeDescKey === 'goal') {
        line(d.scoringPlayerId).goals += 1;
        line(d.scoringPlayerId).shots += 1;
        for (const a of [d.assist1PlayerId, d.assist2PlayerId]) if (a) line(a).assists += 1;
      } else if (p.typeDescKey === 'shot-on-goal') line(d.shootingPlayerId).shots += 1;
      else if (p.typeDescKey === 'penalty' && d.committedByPlayerId)
        line(d.committedByPlayerId).penalty_minutes += d.duration as number;
    }
    for (const [player, w] of want)
      expect(lines.get(player), player).toMatchObject({ ...w, points: w.goals + w.assists });
  });
});

describe('the game followed cut by cut (the ledger over successive play-by-plays)', () => {
  it('each goal is delivered once, in order, as its cut arrives; a goal taken back is a retraction', () => {
    let ledger: Ledger = { sent: {} };
    const delivered: FeedEvent[] = [];
    for (const cut of nhlGoalCuts(rec)) {
      const d = diffDelivered(ledger, mapNhlGame(NhlPlayByPlaySchema.parse(nhlPlayByPlayAt(rec, cut))).events, {
        complete: true,
        source: 'nhl',
      });
      ledger = d.ledger;
      delivered.push(...d.events);
      expect(d.retracted + d.amended).toBe(0);
    }
    const goalIds = plays.filter((p) => p.typeDescKey === 'goal').map((p) => `nhl:${rec.id}:${p.eventId}`);
    expect(delivered.filter((e) => e.type === 'goal').map((e) => e.event_id)).toEqual(goalIds);
    expect(delivered.map((e) => e.event_id)).toEqual(mapNhlGame(pbp).events.map((e) => e.event_id));
    // The last goal (Schmidt's second) disappears upstream: its goal and shot are retracted.
    const lastGoal = plays.filter((p) => p.typeDescKey === 'goal').at(-1)!;
    const d = diffDelivered(
      ledger,
      mapNhlGame(NhlPlayByPlaySchema.parse(nhlPlayByPlayAt(rec, plays.length, { removed: [lastGoal.eventId] }))).events,
      { complete: true, source: 'nhl' },
    );
    expect(d.events.filter((e) => e.type === 'correction').map((e) => e.detail.target_event_id)).toEqual(
      expect.arrayContaining([`nhl:${rec.id}:${lastGoal.eventId}`, `nhl:${rec.id}:${lastGoal.eventId}:shot`]),
    );
    expect(fold([...delivered, ...d.events]).score).toEqual({ home: rec.homeTeam.score, away: rec.awayTeam.score - 1 });
  });
});
