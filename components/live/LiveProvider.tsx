'use client';
/**
 * Client root of the dashboard: one react-query client, one zustand live store and ONE WebSocket
 * connection to /v1/ws for the whole tab, subscribed to every sport's `<sport>.live` channel.
 * Updates go into the store; a match's cached REST detail gets the new event appended at once;
 * results, fixtures and standings queries are invalidated when a status changes (and on every
 * football score change, for the live tables); after a
 * reconnect every query is refetched so nothing missed while offline stays missing.
 * On-demand channels (`<sport>.odds`) ride the same connection through a ChannelHub: components
 * listen with `useChannel`, which subscribes while at least one of them needs the channel.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { LiveConnection, type ServerMessage } from '@/browser/live/live-connection';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';
import { SPORTS } from '@/lib/sports';
import { ChannelHub } from './channel-hub';
import { createLiveStore, type LiveStore, type LiveStoreState } from './live-store';
import { applyEventToDetail, type MatchDetailData } from './match-detail-cache';
import { featuresOf } from '@/lib/sport-features';

const LiveStoreContext = createContext<LiveStore | null>(null);
const ChannelHubContext = createContext<ChannelHub | null>(null);

/**
 * Listens to an on-demand channel (e.g. "football.odds") on the tab's live connection while the
 * component is mounted: `onMessage` gets the channel's messages (`subscribed` after every
 * (re)subscription, then e.g. `odds`). The latest `onMessage` is used; no need to memoize it.
 * Errors: throws outside LiveProvider.
 */
export function useChannel(channel: string, onMessage: (msg: ServerMessage) => void): void {
  const hub = useContext(ChannelHubContext);
  if (!hub) throw new Error('useChannel must be used inside <LiveProvider>');
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => hub.listen(channel, (m) => latest.current(m)), [hub, channel]);
}

/** Reads from the tab's live store. Errors: throws outside LiveProvider. */
export function useLive<T>(selector: (s: LiveStoreState) => T): T {
  const store = useContext(LiveStoreContext);
  if (!store) throw new Error('useLive must be used inside <LiveProvider>');
  return useStore(store, selector);
}

/** How long live messages are gathered before they go into the store together (ms). */
const BATCH_MS = 30;

function wsUrl(): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/v1/ws`;
}

export function LiveProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 2 } } }),
  );
  const [store] = useState(createLiveStore);
  const [hub] = useState(() => new ChannelHub());

  useEffect(() => {
    const onUpdate = (data: LiveMatch, event: MatchEvent | undefined, seq: number) => {
      const before = store.getState().matches[data.fixture_id];
      store.getState().applyUpdate(data, seq);
      if (event)
        queryClient.setQueryData<MatchDetailData>(
          ['v1', `/v1/${data.sport}/matches/${data.fixture_id}`],
          (d) => d && applyEventToDetail(d, data, event),
        );
      const scoreChanged = !before || before.score.home !== data.score.home || before.score.away !== data.score.away;
      // Live tables (lib/sport-features.ts) are recomputed on every score change; other sports' results
      // and tables only change when a match's status does (a cricket or basketball score changes every ball).
      if ((scoreChanged && (featuresOf(data.sport).liveTables || !before)) || before?.status !== data.status) {
        void queryClient.invalidateQueries({
          predicate: (q) => {
            const path = String(q.queryKey[1] ?? '');
            return (
              q.queryKey[0] === 'v1' &&
              /^\/v1\/[^/]+\/(standings|results|fixtures)/.test(path) &&
              path.startsWith(`/v1/${data.sport}/`)
            );
          },
        });
      }
    };
    let pending: ServerMessage[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      const batch = pending;
      pending = [];
      for (const msg of batch) {
        if (msg.type === 'subscribed') {
          const sport = String(msg.channel).replace(/\.live$/, '');
          store.getState().applySnapshot(sport, msg.snapshot as LiveMatch[], Number(msg.seq));
        } else {
          onUpdate(msg.data as LiveMatch, msg.event as MatchEvent | undefined, Number(msg.seq));
        }
      }
    };
    const conn = new LiveConnection({
      url: wsUrl(),
      subscriptions: SPORTS.map((s) => ({ channel: `${s}.live` })),
      onMessage: (msg: ServerMessage) => {
        if (typeof msg.channel === 'string' && !msg.channel.endsWith('.live')) {
          hub.dispatch(msg);
        } else if (msg.type === 'subscribed' || msg.type === 'update') {
          // Live messages come in bursts (one snapshot per sport on connect): applied together, one render.
          pending.push(msg);
          flushTimer ??= setTimeout(flush, BATCH_MS);
        }
      },
      onState: (state, info) => {
        flush();
        store.getState().setConnection(state, info.reconnects);
        document.documentElement.dataset.live = state;
      },
      onReconnected: () => void queryClient.invalidateQueries(),
      // A tab open longer than a viewer session (12 h) gets a fresh cookie before reconnecting.
      beforeReconnect: () => fetch('/session', { credentials: 'same-origin', cache: 'no-store' }),
    });
    hub.attach(conn);
    conn.start();
    return () => {
      clearTimeout(flushTimer);
      hub.detach(conn);
      conn.stop();
    };
  }, [queryClient, store, hub]);

  return (
    <QueryClientProvider client={queryClient}>
      <LiveStoreContext.Provider value={store}>
        <ChannelHubContext.Provider value={hub}>{children}</ChannelHubContext.Provider>
      </LiveStoreContext.Provider>
    </QueryClientProvider>
  );
}
