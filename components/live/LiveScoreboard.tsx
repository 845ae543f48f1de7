'use client';
/**
 * The in-play list of the live page: server-rendered matches first, then whatever the live store
 * holds (newer by seq wins; once a sport's WebSocket snapshot arrived, it is authoritative for
 * that sport). Followed teams' matches first ("My teams"), then followed leagues, then grouped by sport and league;
 * filtered by the page's sport/league filter. Each card's in-play win probability starts from the
 * server's (`inPlay`, as GET /v1/{sport}/live rows) and follows the `<sport>.win-probability`
 * channel of every sport on the board (InPlayFeed), without reload.
 */
import { useCallback, useMemo, useState } from 'react';
import { isSport } from '@/lib/sports';
import { useTranslations } from 'next-intl';
import { LIVE_STATUSES } from '@/browser/live/display';
import type { LiveMatch, RowWinProbability } from '@/lib/wire/schemas';
import type { InPlayWinProbability } from '@/lib/wire/live-row';
import { followsMatch, useFollow } from '@/components/follow/follow-store';
import { useLive } from './LiveProvider';
import { InPlayFeed } from './InPlayFeed';
import { MatchCard } from './MatchCard';
import { newer } from './live-store';
import { useNow } from './use-now';

export interface LiveFilter {
  sport?: string;
  league?: string;
}

/** Server list ∪ store, newest copy of each match; drops server entries a sport's snapshot no longer has. */
export function mergeLive(
  initial: LiveMatch[],
  store: Record<number, LiveMatch>,
  synced: Record<string, true>,
): LiveMatch[] {
  const byId = new Map<number, LiveMatch>();
  for (const m of initial) if (!synced[m.sport] || store[m.fixture_id]) byId.set(m.fixture_id, m);
  for (const m of Object.values(store)) byId.set(m.fixture_id, newer(byId.get(m.fixture_id), m)!);
  return [...byId.values()];
}

export function LiveScoreboard({
  initial,
  filter,
  renderedAt,
  prematch = {},
  inPlay = {},
}: {
  /** Pre-match win probability by fixture id (server/read/prematch-batch.ts), for the cards. */
  prematch?: Record<number, NonNullable<RowWinProbability>>;
  /** The latest in-play point by fixture id at render (server/read/live-points.ts), for the cards. */
  inPlay?: Record<number, NonNullable<InPlayWinProbability>>;
  initial: LiveMatch[];
  filter: LiveFilter;
  renderedAt: number;
}) {
  const t = useTranslations('home');
  const sports = useTranslations('sports');
  const store = useLive((s) => s.matches);
  const synced = useLive((s) => s.synced);
  const now = useNow(renderedAt);
  const followed = useFollow((s) => s.teams);
  const leagues = useFollow((s) => s.leagues);
  const [points, setPoints] = useState(inPlay);
  const onPoint = useCallback(
    (id: number, p: NonNullable<InPlayWinProbability>) => setPoints((all) => ({ ...all, [id]: p })),
    [],
  );
  const groups = useMemo(() => {
    const live = mergeLive(initial, store, synced).filter(
      (m) =>
        LIVE_STATUSES.has(m.status) &&
        (!filter.sport || m.sport === filter.sport) &&
        (!filter.league || m.league_slug === filter.league),
    );
    live.sort(
      (a, b) =>
        a.sport.localeCompare(b.sport) ||
        a.league.localeCompare(b.league) ||
        a.kickoff.localeCompare(b.kickoff) ||
        a.fixture_id - b.fixture_id,
    );
    const out: { key: string; sport: string; league: string; slug: string; matches: LiveMatch[] }[] = [];
    // Followed teams' matches first, in their own "My teams" group.
    const mine = live.filter((m) => followsMatch(followed, m));
    if (mine.length) out.push({ key: 'my-teams', sport: '', league: t('myTeams'), slug: '', matches: mine });
    for (const m of live) {
      if (mine.includes(m)) continue;
      const key = `${m.sport}/${m.league_slug}/${m.season}`;
      let g = out.at(-1);
      if (!g || g.key !== key)
        out.push((g = { key, sport: m.sport, league: m.league, slug: m.league_slug, matches: [] }));
      g.matches.push(m);
    }
    // Then followed leagues' groups, then the rest (each part keeps its order).
    const rank = (g: (typeof out)[number]) =>
      g.key === 'my-teams' ? 0 : leagues.includes(`${g.sport}:${g.slug}`) ? 1 : 2;
    return out
      .map((g, i) => ({ g, i }))
      .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
      .map((x) => x.g);
  }, [initial, store, synced, filter.sport, filter.league, followed, leagues, t]);
  const feeds = [...new Set(groups.flatMap((g) => g.matches.map((m) => m.sport)))].filter((s) => s !== 'golf');

  return (
    <section aria-labelledby="in-play" data-testid="in-play">
      <h2 id="in-play" className="mb-2 flex items-baseline gap-2 text-lg font-bold">
        {t('inPlay')}{' '}
        <span className="text-sm font-normal text-muted tabular" data-testid="in-play-count">
          {groups.reduce((n, g) => n + g.matches.length, 0)}
        </span>
      </h2>
      {feeds.map((sport) => (
        <InPlayFeed key={sport} sport={sport} onPoint={onPoint} />
      ))}
      {groups.length === 0 && (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted" data-testid="no-live">
          {filter.sport && isSport(filter.sport) ? t('noLiveIn', { sport: sports(filter.sport) }) : t('noLive')}
        </p>
      )}
      {groups.map((g) => (
        <div key={g.key} className="mb-4">
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
            {g.sport ? (
              `${isSport(g.sport) ? sports(g.sport) : g.sport} · ${g.league}`
            ) : (
              <span data-testid="my-teams-group">★ {g.league}</span>
            )}
          </h3>
          <ul className="grid gap-2 md:grid-cols-2">
            {g.matches.map((m) => (
              <MatchCard
                key={m.fixture_id}
                match={m}
                now={now}
                prematch={prematch[m.fixture_id]}
                inPlay={points[m.fixture_id]}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
