/** Snapshots for `subscribed` and `resync` (docs/websocket.md): the current live matches a subscription covers. */
import type { LiveMatch } from '@/lib/wire/schemas';
import { toLiveMatch } from '../read/serialize';
import { initialMatchState, rulesOptions } from '@/lib/match/state';
import { getMatchSnapshot } from '../store/queries/match-snapshots';
import type { GatewayServices } from './gateway-services';
import { covers, type Sub } from './subscriptions';

/**
 * `.live` subscriptions: the matches in play that `sub` covers (from the live cache), or for a
 * one-fixture subscription that match in whatever status it is (read from the store when not in
 * play; `fromStore` maps its fixture id to the seq the snapshot is as of). Null for `.odds` and
 * `.win-probability` (the REST series is that channel's snapshot).
 */
export async function snapshotOf(
  services: GatewayServices,
  sub: Sub,
): Promise<{ matches: LiveMatch[]; fromStore: Map<number, number> } | null> {
  if (sub.kind !== 'live') return null;
  const now = Date.now();
  const fromStore = new Map<number, number>();
  if (sub.fixtureId == null) {
    const matches = services.live
      .list(sub.sport, sub.league ?? undefined)
      .map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
    return { matches, fromStore };
  }
  const live = services.live.get(sub.fixtureId);
  if (live)
    return {
      matches: covers(sub, 'live', live.fixture) ? [toLiveMatch(live.fixture, live.state, live.seq, now)] : [],
      fromStore,
    };
  const info = await services.engine.fixtureInfo(sub.fixtureId);
  if (!info || !covers(sub, 'live', info)) return { matches: [], fromStore };
  const snap = await getMatchSnapshot(services.store.db, sub.fixtureId);
  const state = snap?.state ?? initialMatchState(info.sport, rulesOptions(info));
  fromStore.set(sub.fixtureId, snap?.lastSeq ?? 0);
  return { matches: [toLiveMatch(info, state, snap?.lastSeq ?? 0, now)], fromStore };
}
