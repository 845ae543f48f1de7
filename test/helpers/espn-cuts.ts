/**
 * Successive states of the recorded ESPN golf event and UFC card (test/fixtures/upstream/espn/
 * teamtracker_all_COMPOSITE.EXCERPT.json) and of the recorded OpenDota game
 * (test/fixtures/upstream/opendota/matches_4080856812.json), for tests that follow them through
 * a local upstream (test/helpers/upstream-server.ts). Each state is the recording cut back, never
 * a figure made up: golf rounds end at round boundaries (strokes per round from the file; to par
 * from the course par the file itself implies), MMA bouts later on the card put back to
 * scheduled, the Dota 2 game cut at a game time. One state is constructed beyond the recording
 * and says so: {@link golfFinal}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

const read = (f: string): any => JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/upstream', f), 'utf8'));

/** The composite's events by id (golf 401465500, UFC 600023847, tennis, cricket). */
export function compositeEvent(id: string): any {
  const e = read('espn/teamtracker_all_COMPOSITE.EXCERPT.json').events.find((x: any) => x.id === id);
  if (!e) throw new Error(`composite event ${id} not found`);
  return e;
}

/** "-14", "E", "+3" as ESPN writes a score to par. */
export const toParText = (n: number) => (n === 0 ? 'E' : n > 0 ? `+${n}` : String(n));
const toParNum = (s: string) => (s === 'E' ? 0 : Number(s));

/**
 * The course par per round implied by the recording: strokes over the first three rounds minus
 * the score to par, for the players who have not started round 4 (all of them must agree).
 * Errors: Error when they do not.
 */
export function golfPar(golf: any): number {
  const pars = new Set<number>();
  for (const p of golf.competitions[0].competitors) {
    if (p.linescores[3]?.linescores?.length) continue;
    const strokes = p.linescores.slice(0, 3).reduce((a: number, l: any) => a + l.value, 0);
    pars.add((strokes - toParNum(p.score)) / 3);
  }
  if (pars.size !== 1) throw new Error(`no single par per round: ${[...pars]}`);
  return [...pars][0];
}

/** The golf event just after round `k` (1–3) was completed by everyone: rounds 1..k, to par from the par. */
export function golfAfterRound(golf: any, k: 1 | 2 | 3): any {
  const e = structuredClone(golf);
  const par = golfPar(golf);
  const status = { period: k, type: { id: '3', name: 'STATUS_PLAY_COMPLETE', state: 'in', completed: false } };
  e.status = status;
  const c = e.competitions[0];
  c.status = status;
  for (const p of c.competitors) {
    p.linescores = p.linescores.slice(0, k);
    p.score = toParText(p.linescores.reduce((a: number, l: any) => a + l.value, 0) - par * k);
  }
  return e;
}

/**
 * Constructed, not recorded: the recorded board (round 4 under way) declared final as it stands —
 * no finished golf event was recorded, and the adapter's end (result, order of merit) needs one.
 * The real 2022 ZOZO Championship went on; this "result" is the test's.
 */
export function golfFinal(golf: any): any {
  const e = structuredClone(golf);
  const status = { period: 4, type: { id: '3', name: 'STATUS_FINAL', state: 'post', completed: true } };
  e.status = status;
  e.competitions[0].status = status;
  return e;
}

/** Expected leaderboard of a served golf event: per player position (ties "T"), to par, thru, rounds. */
export function golfExpected(e: any, round: number) {
  const lines = e.competitions[0].competitors.map((p: any) => {
    const ls = p.linescores.slice(0, round);
    return {
      player: p.athlete.displayName as string,
      to_par: toParNum(p.score),
      rounds: ls.map((l: any) => l.value) as number[],
      thru: ls[round - 1]?.linescores?.length ?? 0,
    };
  });
  return lines.map((l: any) => {
    const above = lines.filter((o: any) => o.to_par < l.to_par).length;
    const level = lines.filter((o: any) => o.to_par === l.to_par).length;
    return { ...l, position: `${level > 1 ? 'T' : ''}${above + 1}` };
  });
}

/**
 * The UFC card as it stood while bout `live` (0-based card order) was in round 2, one minute in:
 * the bouts before it as recorded, every bout after it put back to scheduled (no winner, no cards).
 */
export function mmaCardAt(card: any, live: number): any {
  const e = structuredClone(card);
  e.competitions.forEach((c: any, i: number) => {
    if (i < live) return;
    const inPlay = i === live;
    c.status = inPlay
      ? { clock: 60, displayClock: '1:00', period: 2, type: { id: '2', name: 'STATUS_IN_PROGRESS', state: 'in' } }
      : { clock: 0, displayClock: '-', period: 0, type: { id: '1', name: 'STATUS_SCHEDULED', state: 'pre' } };
    for (const x of c.competitors) {
      x.winner = false;
      delete x.linescores;
    }
  });
  return e;
}

/** A bout's expected result from the served card: winner side, method (judges' totals after a decision), round, time. */
export function mmaExpected(c: any) {
  const [home, away] = [...c.competitors].sort((a: any, b: any) => a.order - b.order);
  const winner = home.winner ? 'home' : away.winner ? 'away' : null;
  const judges = (x: any) => (x.linescores?.[0]?.linescores ?? []).map((l: any) => l.value);
  const [h, a] = [judges(home), judges(away)];
  const forW = h.filter((v: number, i: number) => (winner === 'home' ? v > a[i] : v < a[i])).length;
  const distance = c.status.period === c.format.regulation.periods && c.status.clock === 300;
  const method = !distance
    ? null
    : forW === h.length
      ? 'UD'
      : forW === 2
        ? h.some((v: number, i: number) => v === a[i])
          ? 'MD'
          : 'SD'
        : null;
  return {
    home: home.athlete.displayName as string,
    away: away.athlete.displayName as string,
    weight_class: c.type.abbreviation as string,
    state: c.status.type.state as string,
    result: { winner, method, round: c.status.period, time_seconds: c.status.clock },
  };
}

/** The recorded OpenDota game. */
export const openDotaMatch = (): any => read('opendota/matches_4080856812.json');

/** The recorded game as it stood `t` seconds in (kills_log, objectives and the per-minute gold lead up to t, no winner yet); the whole file from its duration on. */
export function openDotaAt(m: any, t: number): any {
  if (t >= m.duration) return m;
  return {
    ...m,
    radiant_win: null,
    duration: t,
    objectives: m.objectives.filter((o: any) => o.time <= t),
    radiant_gold_adv: m.radiant_gold_adv?.slice(0, Math.floor(t / 60) + 1),
    players: m.players.map((p: any) => ({ ...p, kills_log: p.kills_log.filter((k: any) => k.time <= t) })),
  };
}

/** Kills per side up to `t` seconds (Radiant = home). */
export function openDotaKillsAt(m: any, t: number) {
  const side = (r: boolean) =>
    m.players
      .filter((p: any) => (p.isRadiant ?? p.player_slot < 128) === r)
      .reduce((n: number, p: any) => n + p.kills_log.filter((k: any) => k.time <= t).length, 0);
  return { home: side(true), away: side(false) };
}
