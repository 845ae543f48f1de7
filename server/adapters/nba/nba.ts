/**
 * The `nba` source: the NBA's CDN (cdn.nba.com, no key), docs/adapters.md "nba".
 *
 * Poll plan, every poll (paths below NBA_CDN_URL):
 * 1. `GET /static/json/liveData/scoreboard/todaysScoreboard_00.json`: today's games (teams,
 *    status 1 scheduled / 2 live / 3 final), filtered by NBA_TEAMS (tricodes or names); a game of
 *    NBA_GAME_IDS not on it is looked up once in `GET /static/json/staticData/scheduleLeagueV2.json`.
 *    A postponed game (`gameStatusText` Postponed / PPD, `postponedStatus` Y) gets its fixture and
 *    a `status` postponed event, and is not followed further.
 * 2. For each game that has started (and each of NBA_GAME_IDS) until its final is delivered:
 *    `GET /static/json/liveData/playbyplay/playbyplay_{gameId}.json` — mapped by ./cdn-events.ts
 *    and delivered through the kit's ledger, so an action edited upstream becomes an amend
 *    correction and a deleted one a retract correction (never a silent score change) — and
 *    `GET /static/json/liveData/boxscore/boxscore_{gameId}.json` for the players' lines: a
 *    `box_score` event per period and at the final. While the box score is not published (404)
 *    the game is followed from its play-by-play alone.
 * 3. With NBA_ODDS=on: `GET /static/json/liveData/odds/odds_todaysGames.json` → bookmaker odds
 *    ticks of the followed games (./cdn-odds.ts).
 */
import type { Config } from '../../config';
import type { SourceSettings } from '../../config-sources';
import { PolledAdapter } from '../kit/polled-adapter';
import { deliverGame, getOrSkip, nextBoxSnapshot, type BoxSnapshot } from '../game-delivery';
import { feedEvent } from '../kit/ledger';
import type { AdapterBatch, AdapterSkip, PollContext, SourceAdapter } from '../types';
import { boxScoreEvent, mapPlayByPlay } from './cdn-events';
import { fixtureOfGame, gameInfoOf, gameInfoOfBox, isFollowedGameId, nbaSourceKey, type NbaGameInfo } from './cdn-game';
import { oddsTicks } from './cdn-odds';
import { NbaBoxScoreSchema, NbaGameSchema, NbaOddsSchema, NbaScheduleSchema, NbaScoreboardSchema } from './cdn-schema';

/** Per game: what the CDN said about it, the ledger of delivered play-by-play events, the last box snapshot sent. */
interface NbaGameState {
  info?: NbaGameInfo;
  ledger?: unknown;
  box?: BoxSnapshot;
  done?: boolean;
  /** The postponed status was delivered (a postponed game is not followed further). */
  postponed_sent?: boolean;
  seen: string;
}
type NbaState = { v: 1; games: Record<string, NbaGameState>; schedule_checked_at?: string };

const DAY = 86_400_000;
const PATH = '/static/json';

function readState(raw: unknown): NbaState {
  const r = (raw ?? {}) as Partial<NbaState>;
  return {
    v: 1,
    games: r.games && typeof r.games === 'object' ? { ...r.games } : {},
    ...(typeof r.schedule_checked_at === 'string' ? { schedule_checked_at: r.schedule_checked_at } : {}),
  };
}

export class NbaAdapter extends PolledAdapter {
  readonly name = 'nba';
  /** The CDN's base URL with the path its files sit under. */
  private readonly base: string;

  /** @param odds whether to read the CDN's odds file too (NBA_ODDS) */
  constructor(
    settings: SourceSettings,
    private readonly odds = false,
  ) {
    super(settings);
    this.base = this.baseUrl + PATH;
  }

  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const state = readState(ctx.state);
    const skipped: AdapterSkip[] = [];
    const batch: AdapterBatch & { skipped: AdapterSkip[] } = { fixtures: [], events: [], state, skipped };
    const now = ctx.now.toISOString();
    const follow = new Set(this.settings.gameIds);
    const remember = (info: NbaGameInfo) => {
      state.games[info.gameId] = { ...state.games[info.gameId], info, seen: now };
    };

    const board = await getOrSkip(
      ctx,
      `${this.base}/liveData/scoreboard/todaysScoreboard_00.json`,
      'scoreboard',
      skipped,
    );
    const sb = board ? NbaScoreboardSchema.safeParse(board.body) : null;
    if (sb && !sb.success)
      skipped.push({ item: 'scoreboard', reason: sb.error.issues[0]?.message ?? 'not a scoreboard' });
    for (const [i, raw] of (sb?.success ? sb.data.scoreboard.games : []).entries()) {
      const g = NbaGameSchema.safeParse(raw);
      if (!g.success) {
        skipped.push({ item: `scoreboard games[${i}]`, reason: g.error.issues[0]?.message ?? 'malformed' });
        continue;
      }
      if (!isFollowedGameId(g.data.gameId)) continue;
      const t = g.data;
      if (
        !follow.has(t.gameId) &&
        !this.followsTeams([
          t.homeTeam.teamTricode,
          t.awayTeam.teamTricode,
          gameInfoOf(t).home.name,
          gameInfoOf(t).away.name,
        ])
      )
        continue;
      const info = gameInfoOf(t);
      remember(info);
      if (info.postponed) {
        // Not played today: the fixture and, once, a postponed status (its play-by-play is not read).
        batch.fixtures.push(fixtureOfGame(info, now));
        if (!state.games[t.gameId].postponed_sent) {
          batch.events.push({
            source_key: nbaSourceKey(t.gameId),
            event: feedEvent(`nba/${t.gameId}/status/postponed`, 'status', { detail: { status: 'postponed' } }),
          });
          state.games[t.gameId].postponed_sent = true;
        }
      } else if ((t.gameStatus ?? 1) >= 2) follow.add(t.gameId);
      else batch.fixtures.push(fixtureOfGame(info, now));
    }
    await this.lookUpUnknown(ctx, state, follow, skipped, remember);

    let live = false;
    let followed = 0;
    for (const id of follow) {
      const prev = state.games[id];
      if (prev?.done) continue;
      followed += 1;
      const box = await getOrSkip(
        ctx,
        `${this.base}/liveData/boxscore/boxscore_${id}.json`,
        `game ${id} boxscore`,
        skipped,
      );
      const parsedBox = box ? NbaBoxScoreSchema.safeParse(box.body) : null;
      if (parsedBox?.success) remember(gameInfoOfBox(parsedBox.data));
      const info = state.games[id]?.info;
      if (!info) {
        skipped.push({
          item: `game ${id}`,
          reason: 'teams not known yet (not on the scoreboard, schedule or a box score)',
        });
        continue;
      }
      batch.fixtures.push(fixtureOfGame(info, now));
      const pbp = await getOrSkip(
        ctx,
        `${this.base}/liveData/playbyplay/playbyplay_${id}.json`,
        `game ${id} playbyplay`,
        skipped,
      );
      if (!pbp) {
        if (info.status === 2) live = true;
        continue;
      }
      let mapped: ReturnType<typeof mapPlayByPlay>;
      try {
        mapped = mapPlayByPlay(pbp.body, info);
      } catch (e) {
        skipped.push({
          item: `game ${id} playbyplay`,
          reason: `not a play-by-play file: ${(e as Error).message.slice(0, 200)}`,
        });
        continue;
      }
      skipped.push(...mapped.skipped);
      const complete = !mapped.skipped.some((x) => x.reason.startsWith('refused'));
      const delivered = deliverGame(nbaSourceKey(id), state.games[id]?.ledger, mapped.events, {
        complete,
        source: this.name,
      });
      batch.events.push(...delivered.events);
      const g: NbaGameState = { ...state.games[id], ledger: delivered.ledger, seen: now };
      // Box-score snapshots are not corrections of one another: each period's (and the final) is its own event.
      if (parsedBox?.success) {
        const { event, skipped: bad } = boxScoreEvent(parsedBox.data);
        skipped.push(...bad);
        if (event) {
          const next = nextBoxSnapshot(g.box, event, event.event_id.endsWith('/final'));
          if (next.send) batch.events.push({ source_key: nbaSourceKey(id), event: next.send });
          g.box = next.box;
        }
      }
      g.done = mapped.final && complete && (g.box?.id.endsWith('/final') === true || !parsedBox?.success);
      if (!mapped.final) live = true;
      state.games[id] = g;
    }

    if (this.odds && follow.size) {
      const got = await getOrSkip(ctx, `${this.base}/liveData/odds/odds_todaysGames.json`, 'odds', skipped);
      const odds = got ? NbaOddsSchema.safeParse(got.body) : null;
      if (odds?.success) {
        const known = new Set([...follow].filter((id) => state.games[id]?.info));
        batch.odds = oddsTicks(odds.data, known, now);
      } else if (odds) skipped.push({ item: 'odds', reason: odds.error.issues[0]?.message ?? 'not an odds feed' });
    }

    for (const [id, g] of Object.entries(state.games))
      if (ctx.now.getTime() - Date.parse(g.seen) > 3 * DAY && !this.settings.gameIds.includes(id))
        delete state.games[id];
    batch.pacing = { live };
    batch.followed = followed;
    return batch;
  }

  /** Games of NBA_GAME_IDS whose teams are still unknown: one look in the season schedule per 6 h. */
  private async lookUpUnknown(
    ctx: PollContext,
    state: NbaState,
    follow: Set<string>,
    skipped: AdapterSkip[],
    remember: (info: NbaGameInfo) => void,
  ): Promise<void> {
    const unknown = [...follow].filter((id) => !state.games[id]?.info);
    const last = state.schedule_checked_at ? Date.parse(state.schedule_checked_at) : 0;
    if (!unknown.length || ctx.now.getTime() - last < DAY / 4) return;
    state.schedule_checked_at = ctx.now.toISOString();
    const got = await getOrSkip(ctx, `${this.base}/staticData/scheduleLeagueV2.json`, 'schedule', skipped);
    const s = got ? NbaScheduleSchema.safeParse(got.body) : null;
    if (!s?.success) return;
    for (const d of s.data.leagueSchedule.gameDates)
      for (const raw of d.games) {
        const g = NbaGameSchema.safeParse(raw);
        if (g.success && unknown.includes(g.data.gameId)) remember(gameInfoOf(g.data));
      }
  }
}

/** The source registry's factory for `nba` (server/adapters/start-adapters.ts); NBA_ODDS=on adds the odds feed. */
export const nbaAdapter = (settings: SourceSettings, config: Config): SourceAdapter =>
  new NbaAdapter(settings, config.NBA_ODDS === 'on');
