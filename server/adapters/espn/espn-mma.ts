/**
 * ESPN MMA → a fight card of bouts (docs/sports/mma.md "The fight card"). Pure. A scoreboard
 * event is the card; each of its competitions is a bout, in the order fought (the main event
 * last), with `type.abbreviation` the weight class, `format.regulation.periods` the scheduled
 * rounds, two athletes (`order` 1 = red corner = home, the first-named), `winner`, `status`
 * (period = round, clock = seconds elapsed in it) and, after a decision, each judge's total per
 * fighter (`linescores[0].linescores`). Each bout is a fixture (round = the card's name) with
 * `bout_info` (card, order, weight class), the rounds reached, the clock while live, and after the
 * bout its `result`: winner, round, time, and the method where the scoreboard shows it — a
 * decision's kind from the judges' totals (all three for the winner UD, two and one against SD,
 * two and one level MD); a stoppage's method is not in the scoreboard (null).
 */
import { MMA_ROUND_SECONDS } from '@/lib/mma/types';
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
import { type EspnCompetitor, EspnCompetitionSchema, type EspnEvent, parseEach } from './espn-schemas';

/** The kind of decision from each judge's totals (home vs away), or null when they do not make one. */
export function decisionOf(home: number[], away: number[], winner: 'home' | 'away'): 'UD' | 'SD' | 'MD' | null {
  if (home.length !== away.length || home.length < 2) return null;
  const forW = home.filter((h, i) => (winner === 'home' ? h > away[i] : h < away[i])).length;
  const even = home.filter((h, i) => h === away[i]).length;
  const against = home.length - forW - even;
  if (forW === home.length) return 'UD';
  if (forW > against && against > 0 && even === 0) return 'SD';
  if (forW > against && even > 0 && against === 0) return 'MD';
  return null;
}

const judges = (c: EspnCompetitor): number[] =>
  (c.linescores?.[0]?.linescores ?? []).map((l) => l.value).filter((v): v is number => Number.isInteger(v));

/** Every bout of a card event as a fixture and its events (bouts that name no two fighters are skipped). */
export function mapMmaCard(raw: EspnEvent, league: EspnLeague): EspnMapped[] {
  const bouts = parseEach(raw.competitions, EspnCompetitionSchema);
  const card = (raw.name ?? raw.shortName ?? `Card ${raw.id}`).trim();
  const out: EspnMapped[] = [];
  for (const { value: c, index } of bouts.ok) {
    const skipped: EspnMapped['skipped'] = [];
    const sides = sidesOf(c.competitors);
    const kickoff = isoOf(c.date ?? raw.date);
    if (!sides || !kickoff || !c.id) continue;
    const key = `espn:mma:${raw.id}:${c.id}`;
    const scheduled = c.format?.regulation?.periods === 5 ? 5 : 3;
    const events: FeedEvent[] = [
      sportEvent(`${key}:info`, 'bout_info', {
        detail: {
          card,
          card_order: index + 1,
          card_bouts: bouts.ok.length + bouts.bad.length,
          scheduled_rounds: scheduled,
          ...(c.type?.abbreviation ? { weight_class: c.type.abbreviation } : {}),
        },
      }),
    ];
    const fixture = espnFixture(league, raw, kickoff, {
      part: c.id,
      round: card,
      venue: c.venue?.fullName ?? null,
      home_team: nameOf(sides.home)!,
      away_team: nameOf(sides.away)!,
    });
    const interruption = interruptionOf(c.status);
    const state = stateOf(c.status);
    if (interruption === 'postponed' || interruption === 'abandoned')
      events.push(sportEvent(`${key}:status:${interruption}`, 'status', { detail: { status: interruption } }));
    else if (state === 'in' || state === 'post') {
      const round = Math.min(scheduled, Math.max(1, c.status?.period ?? 1));
      const elapsed = Math.min(MMA_ROUND_SECONDS, Math.max(0, Math.round(c.status?.clock ?? 0)));
      events.push(sportEvent(`${key}:start`, 'bout_start', { detail: { scheduled_rounds: scheduled } }));
      for (let r = 1; r <= round; r++) {
        events.push(sportEvent(`${key}:round_start:${r}`, 'round_start', { period: `round_${r}` }));
        if (r < round) events.push(sportEvent(`${key}:round_end:${r}`, 'round_end', { period: `round_${r}` }));
      }
      if (state === 'in')
        events.push(
          sportEvent(`${key}:clock:${round}:${elapsed}`, 'clock', {
            detail: { clock_seconds: MMA_ROUND_SECONDS - elapsed, running: true },
          }),
        );
      else {
        const winner = isWinner(sides.home) ? 'home' : isWinner(sides.away) ? 'away' : null;
        const distance = round === scheduled && elapsed === MMA_ROUND_SECONDS;
        if (!winner)
          skipped.push({
            item: `bout ${c.id} result`,
            reason: 'final without a winner (draw or no contest not named)',
          });
        else
          events.push(
            sportEvent(`${key}:result`, 'result', {
              side: winner,
              detail: {
                winner,
                method: distance ? decisionOf(judges(sides.home), judges(sides.away), winner) : null,
                round,
                time_seconds: elapsed,
              },
            }),
          );
      }
    }
    out.push({ fixture, events, skipped, odds: c.odds ?? null });
  }
  return out;
}
