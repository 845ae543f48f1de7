/**
 * The `mlb` source: MLB Stats API (statsapi.mlb.com, no key), docs/adapters.md "mlb".
 *
 * Poll plan, every poll:
 * 1. `GET /api/v1/schedule?sportId=1&date=MM/DD/YYYY` for the day (US Eastern date of the poll):
 *    the day's games (regular season and postseason), filtered by MLB_TEAMS (full names or
 *    abbreviations the schedule names); fixtures upserted.
 * 2. `GET /api/v1.1/game/{gamePk}/feed/live` (GUMBO) for each discovered game that has started
 *    and for each of MLB_GAME_PKS, until its final result is delivered: mapped by
 *    ./gumbo-events.ts, delivered through the kit's ledger (new plays; an edited or removed
 *    play → amend / retract correction).
 * Pacing: live while a followed game is Live, and never faster than the feed's `metaData.wait`
 * (seconds). A game followed by id that is not found (404) is skipped and retried.
 */
import { TZDate } from '@date-fns/tz';
import type { SourceSettings } from '../../config-sources';
import { PolledAdapter } from '../kit/polled-adapter';
import { deliverGame, getOrSkip } from '../game-delivery';
import type { AdapterBatch, AdapterSkip, PollContext, SourceAdapter } from '../types';
import { mapGumboEvents, mlbSourceKey } from './gumbo-events';
import { fixtureOfFeed, fixtureOfScheduleGame, gameState, isFollowedGameType, scheduleGames } from './gumbo-fixture';
import { GumboFeedSchema } from './gumbo-schema';

/** Per game: the delivered-events ledger, whether its final result was delivered, when last seen. */
interface MlbGameState {
  ledger?: unknown;
  done?: boolean;
  seen: string;
}
type MlbState = {
  v: 1;
  games: Record<string, MlbGameState>;
};

const DAY = 86_400_000;

function readState(raw: unknown): MlbState {
  const games = (raw as { games?: unknown } | null)?.games;
  return { v: 1, games: games && typeof games === 'object' ? { ...(games as Record<string, MlbGameState>) } : {} };
}

/** MM/DD/YYYY of `now` in US Eastern time (the schedule's day). */
function scheduleDate(now: Date): string {
  const d = new TZDate(now.getTime(), 'America/New_York');
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
}

export class MlbAdapter extends PolledAdapter {
  readonly name = 'mlb';

  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const state = readState(ctx.state);
    const skipped: AdapterSkip[] = [];
    const batch: AdapterBatch & { skipped: AdapterSkip[] } = { fixtures: [], events: [], state, skipped };
    const follow = new Set(this.settings.gameIds);

    const schedulePath = `/api/v1/schedule?sportId=1&date=${scheduleDate(ctx.now)}`;
    const schedule = await getOrSkip(ctx, this.baseUrl + schedulePath, 'schedule', skipped);
    if (schedule) {
      let list: ReturnType<typeof scheduleGames> | null = null;
      try {
        list = scheduleGames(schedule.body);
      } catch (e) {
        skipped.push({ item: 'schedule', reason: `not a schedule: ${(e as Error).message.slice(0, 200)}` });
      }
      for (const g of list?.games ?? []) {
        if (!isFollowedGameType(g.gameType)) continue;
        if (!follow.has(String(g.gamePk)) && !this.followsTeams([g.teams.home.team.name, g.teams.away.team.name]))
          continue;
        batch.fixtures.push(fixtureOfScheduleGame(g));
        if (gameState(g.status) !== 'scheduled') follow.add(String(g.gamePk));
      }
      skipped.push(...(list?.skipped ?? []));
    }

    let live = false;
    let waitMs = 0;
    let followed = 0;
    for (const pk of follow) {
      const prev = state.games[pk];
      if (prev?.done) continue;
      followed += 1;
      const got = await getOrSkip(
        ctx,
        `${this.baseUrl}/api/v1.1/game/${pk}/feed/live`,
        `game ${pk} feed/live`,
        skipped,
      );
      if (!got) continue;
      const feed = GumboFeedSchema.safeParse(got.body);
      if (!feed.success) {
        skipped.push({ item: `game ${pk} feed/live`, reason: feed.error.issues[0]?.message ?? 'not a GUMBO feed' });
        continue;
      }
      const fixture = fixtureOfFeed(feed.data);
      batch.fixtures.push(fixture);
      const mapped = mapGumboEvents(feed.data);
      skipped.push(...mapped.skipped);
      // A play the rules refused ends the mapping: what follows it is not "removed upstream".
      const complete = !mapped.skipped.some((x) => x.reason.startsWith('refused'));
      const delivered = deliverGame(mlbSourceKey(feed.data.gamePk), prev?.ledger, mapped.events, {
        complete,
        source: this.name,
      });
      batch.events.push(...delivered.events);
      const resultSent = mapped.events.some((e) => e.event.type === 'result' || e.event.type === 'status');
      state.games[pk] = {
        ledger: delivered.ledger,
        done: mapped.final && resultSent && mapped.skipped.length === 0,
        seen: ctx.now.toISOString(),
      };
      if (mapped.live) {
        live = true;
        waitMs = Math.max(waitMs, (feed.data.metaData?.wait ?? 0) * 1000);
      }
    }
    for (const [pk, g] of Object.entries(state.games))
      if (ctx.now.getTime() - Date.parse(g.seen) > 3 * DAY) delete state.games[pk];
    batch.pacing = { live, ...(waitMs ? { nextPollHintMs: waitMs } : {}) };
    batch.followed = followed;
    return batch;
  }
}

/** The source registry's factory for `mlb` (server/adapters/start-adapters.ts). */
export const mlbAdapter = (settings: SourceSettings): SourceAdapter => new MlbAdapter(settings);
