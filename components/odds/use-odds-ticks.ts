'use client';
/**
 * A match's 1X2 line movement, live: the history (server-rendered first, then held by react-query
 * under ['v1', history path, 'all']) with every tick of the `<sport>.odds` WebSocket channel for
 * this fixture appended (deduplicated by seq). Each `subscribed` (first subscription and after every
 * reconnect) refetches the history, so ticks published between the server render and the
 * subscription, or while the socket was down, are not lost. Mounting refetches it once too: the
 * match page loads the chart as its own chunk (components/match/MatchOddsCard.tsx), after the
 * page's shared channel may already be subscribed, so no `subscribed` would come for it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useChannel } from '@/components/live/LiveProvider';
import { fetchOddsHistory } from './fetch-odds-history';
import { mergeTicks, oddsHistoryPath, type HeadlineMarket, type OddsTick } from './odds-ticks';

/** The `odds` WebSocket message (docs/websocket.md). */
export interface OddsMessage {
  type: 'odds';
  channel: string;
  league: string;
  seq: number;
  fixture_id: number;
  ticks: OddsTick[];
}

/** react-query key of a match's whole history of `market` (default 1X2). */
export const oddsHistoryKey = (sport: string, fixtureId: number, market: HeadlineMarket = '1X2') =>
  ['v1', oddsHistoryPath(sport, fixtureId, 1000, market), 'all'] as const;

/**
 * Ticks of `market` (1X2 or moneyline) of one match, oldest first: `initial` (the server's history) until refetched, plus the
 * live ticks of the fixture as they arrive.
 */
export function useOddsTicks(
  sport: string,
  fixtureId: number,
  initial: OddsTick[],
  market: HeadlineMarket = '1X2',
): OddsTick[] {
  const queryClient = useQueryClient();
  const key = oddsHistoryKey(sport, fixtureId, market);
  const [renderedAt] = useState(() => Date.now());
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchOddsHistory(sport, fixtureId, signal, market),
    initialData: initial,
    initialDataUpdatedAt: renderedAt,
  });
  const [live, setLive] = useState<OddsTick[]>([]);
  // Ticks published between the server render and this mount: the refetch brings them (live ones dedupe by seq).
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient, sport, fixtureId]);
  useChannel(`${sport}.odds`, (msg) => {
    if (msg.type === 'subscribed') void queryClient.invalidateQueries({ queryKey: key });
    else if (msg.type === 'odds' && (msg as unknown as OddsMessage).fixture_id === fixtureId) {
      const ticks = (msg as unknown as OddsMessage).ticks.filter((t) => t.market === market);
      if (ticks.length) setLive((prev) => [...prev, ...ticks]);
    }
  });
  return useMemo(() => mergeTicks(data ?? initial, live), [data, initial, live]);
}
