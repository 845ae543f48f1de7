/** The search page: a form, then matching leagues (to their standings) and teams (to their team pages), each with a Follow button. */
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { FollowButton } from '@/components/follow/FollowButton';
import { teamHref } from '@/components/team/team-href';
import { processReadDeps } from '@/server/read/process-deps';
import { search } from './search-index';

export async function SearchPage({ q }: { q: string }) {
  const [hits, t, sports] = await Promise.all([
    q ? search(processReadDeps(), q) : { leagues: [], teams: [] },
    getTranslations('search'),
    getTranslations('sports'),
  ]);
  const sportName = (s: string) => (sports.has(s as 'football') ? sports(s as 'football') : s);
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <form action="/search" role="search" className="flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t('label')}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t('placeholder')}
          className="h-10 min-w-0 flex-1 rounded border border-line bg-card px-3"
          data-testid="search-input"
        />
        <button type="submit" className="h-10 rounded bg-accent px-4 font-semibold text-accent-fg">
          {t('submit')}
        </button>
      </form>
      {q && !hits.leagues.length && !hits.teams.length ? (
        <p className="text-sm text-muted" data-testid="search-empty">
          {t('empty', { q })}
        </p>
      ) : null}
      {hits.leagues.length ? (
        <section aria-labelledby="search-leagues">
          <h2 id="search-leagues" className="mb-1 font-bold">
            {t('leagues')}
          </h2>
          <ul className="grid gap-1">
            {hits.leagues.map((h) => (
              <li
                key={`${h.sport}:${h.league}`}
                className="flex items-center gap-2 rounded border border-line bg-card px-3 py-2"
                data-testid="search-league-row"
                data-league={h.league}
              >
                <Link
                  prefetch={false}
                  href={`/${h.sport}/standings?league=${h.league}`}
                  data-testid="search-league"
                  className="min-w-0 flex-1 truncate no-underline hover:underline"
                >
                  {h.name} <span className="text-xs text-muted">{sportName(h.sport)}</span>
                </Link>
                <FollowButton sport={h.sport} league={h.league} name={h.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hits.teams.length ? (
        <section aria-labelledby="search-teams">
          <h2 id="search-teams" className="mb-1 font-bold">
            {t('teams')}
          </h2>
          <ul className="grid gap-1">
            {hits.teams.map((h) => (
              <li
                key={`${h.sport}:${h.name}`}
                className="flex items-center gap-2 rounded border border-line bg-card px-3 py-2"
                data-testid="search-team"
                data-team={h.name}
              >
                <Link
                  prefetch={false}
                  href={teamHref(h.sport, h.name)}
                  className="min-w-0 flex-1 truncate no-underline hover:underline"
                >
                  {h.name} <span className="text-xs text-muted">{sportName(h.sport)}</span>
                </Link>
                <FollowButton sport={h.sport} team={h.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
