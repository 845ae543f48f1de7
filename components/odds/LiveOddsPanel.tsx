'use client';
/**
 * The 1X2 odds panel (consensus, best prices, each bookmaker's opening → current and margin) kept
 * current: GET /v1/{sport}/odds?match_id= under react-query, refetched (at most once a second)
 * when the `<sport>.odds` channel brings ticks of this match.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useChannel } from '@/components/live/LiveProvider';
import { useV1 } from '@/components/live/use-v1';
import { OddsPanel } from '@/components/match/OddsPanel';
import type { OddsResponse } from '@/lib/wire/schemas';

/** OddsPanel over live data; `initial` is the server render's readOdds body (server/read/read-odds.ts). */
export function LiveOddsPanel({
  sport,
  initial,
  home,
  away,
}: {
  sport: string;
  initial: OddsResponse;
  home: string;
  away: string;
}) {
  const path = `/v1/${sport}/odds?match_id=${initial.fixture_id}`;
  const { data } = useV1<OddsResponse>(path, initial);
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useChannel(`${sport}.odds`, (msg) => {
    if (msg.type !== 'odds' || msg.fixture_id !== initial.fixture_id || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: ['v1', path] });
    }, 1000);
  });
  return <OddsPanel odds={data ?? initial} home={home} away={away} />;
}
