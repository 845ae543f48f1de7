'use client';
/**
 * Client root of the dashboard: one react-query client, one zustand live store and ONE WebSocket
 * connection to /v1/ws for the whole tab, subscribed to every sport's `<sport>.live` channel.
 * Updates go into the store; a match's cached REST detail gets the new event appended at once;
 * results, fixtures and standings queries are invalidated when a score or status changes; after a
 * reconnect every query is refetched so nothing missed while offline stays missing.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { LiveConnection, type ServerMessage } from '@/lib/live/live-connection';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';
import { SPORTS } from '@/lib/sports';
import { createLiveStore, type LiveStore, type LiveStoreState } from './live-store';
import { applyEventToDetail, type MatchDetailData } from './match-detail-cache';

const LiveStoreContext = createContext<LiveStore | null>(null);

/** Reads from the tab's live store. Errors: throws outside LiveProvider. */
export function useLive<T>(selector: (s: LiveStoreState) => T): T {
  const store = useContext(LiveStoreContext);
  if (!store) throw new Error('useLive must be used inside <LiveProvider>');
  return useStore(store, selector);
}

function wsUrl(): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/v1/ws`;
}

export function LiveProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 2 } } }),
  );
  const [store] = useState(createLiveStore);

  useEffect(() => {
    const onUpdate = (data: LiveMatch, event: MatchEvent | undefined, seq: number) => {
      const before = store.getState().matches[data.fixture_id];
      store.getState().applyUpdate(data, seq);
      if (event) queryClient.setQueryData<MatchDetailData>(['v1', `/v1/${data.sport}/matches/${data.fixture_id}`], (d) => d && applyEventToDetail(d, data, event));
      const scoreChanged = !before || before.score.home !== data.score.home || before.score.away !== data.score.away;
      if (scoreChanged || before?.status !== data.status) {
        void queryClient.invalidateQueries({
          predicate: (q) => {
            const path = String(q.queryKey[1] ?? '');
            return q.queryKey[0] === 'v1' && /^\/v1\/[^/]+\/(standings|results|fixtures)/.test(path) && path.startsWith(`/v1/${data.sport}/`);
          },
        });
      }
    };
    const conn = new LiveConnection({
      url: wsUrl(),
      subscriptions: SPORTS.map((s) => ({ channel: `${s}.live` })),
      onMessage: (msg: ServerMessage) => {
        if (msg.type === 'subscribed') {
          const sport = String(msg.channel).replace(/\.live$/, '');
          store.getState().applySnapshot(sport, msg.snapshot as LiveMatch[], Number(msg.seq));
        } else if (msg.type === 'update') {
          onUpdate(msg.data as LiveMatch, msg.event as MatchEvent | undefined, Number(msg.seq));
        }
      },
      onState: (state, info) => {
        store.getState().setConnection(state, info.reconnects);
        document.documentElement.dataset.live = state;
      },
      onReconnected: () => void queryClient.invalidateQueries(),
      // A tab open longer than a viewer session (12 h) gets a fresh cookie before reconnecting.
      beforeReconnect: () => fetch('/session', { credentials: 'same-origin', cache: 'no-store' }),
    });
    conn.start();
    return () => conn.stop();
  }, [queryClient, store]);

  return (
    <QueryClientProvider client={queryClient}>
      <LiveStoreContext.Provider value={store}>{children}</LiveStoreContext.Provider>
    </QueryClientProvider>
  );
}
