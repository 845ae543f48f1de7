/**
 * WebSocket subscriptions (docs/websocket.md): a channel (`<sport>.live`, `<sport>.odds` or
 * `<sport>.win-probability`),
 * optionally narrowed to one league slug and/or one fixture id.
 */
import { isSport } from '@/lib/sports';
import type { WS_CHANNEL_KINDS, WsSubscription } from '@/lib/wire/ws';
import type { FixtureInfo } from '@/lib/match/types';

/** The channel kinds (lib/wire/ws.ts WS_CHANNEL_KINDS). */
export type SubKind = keyof typeof WS_CHANNEL_KINDS;

export interface Sub {
  /** Identity within a connection: `channel|league|fixture`. */
  key: string;
  channel: string;
  sport: string;
  /** `live`: match updates (spec §4.4); `odds`: odds ticks; `win-probability`: the model's points. */
  kind: SubKind;
  league: string | null;
  fixtureId: number | null;
}

/** The subscription a validated wire subscription describes; null when its sport is not one of the ten. */
export function toSub(s: WsSubscription): Sub | null {
  const dot = s.channel.lastIndexOf('.');
  const sport = s.channel.slice(0, dot);
  if (!isSport(sport)) return null;
  const league = s.league ?? null;
  const fixtureId = s.fixture_id ?? null;
  return {
    key: `${s.channel}|${league ?? '*'}|${fixtureId ?? '*'}`,
    channel: s.channel,
    sport,
    kind: s.channel.slice(dot + 1) as SubKind,
    league,
    fixtureId,
  };
}

/** Whether a message of `kind` about `fixture` falls under `sub`. */
export function covers(sub: Sub, kind: SubKind, fixture: FixtureInfo): boolean {
  return (
    sub.kind === kind &&
    sub.sport === fixture.sport &&
    (sub.league == null || sub.league === fixture.competition.slug) &&
    (sub.fixtureId == null || sub.fixtureId === fixture.id)
  );
}

/** Whether any of `subs` covers the message. */
export function anyCovers(subs: Iterable<Sub>, kind: SubKind, fixture: FixtureInfo): boolean {
  for (const s of subs) if (covers(s, kind, fixture)) return true;
  return false;
}

/** The wire form of a subscription (`subscribed`, `resumed`, `resync` messages). */
export function scopeOf(sub: Sub): { channel: string; league: string | null; fixture_id: number | null } {
  return { channel: sub.channel, league: sub.league, fixture_id: sub.fixtureId };
}

/** The subscription as a client sends it (`resumed.subscriptions`). */
export function wireOf(sub: Sub): WsSubscription {
  return {
    channel: sub.channel,
    ...(sub.league ? { league: sub.league } : {}),
    ...(sub.fixtureId ? { fixture_id: sub.fixtureId } : {}),
  };
}
