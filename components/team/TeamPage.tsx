/**
 * A team's page (/{sport}/teams/{team}), reachable from every team name on the match page,
 * standings and head-to-head: form (last five), its place in the table (with a link to the whole
 * table), next fixtures and recent results, each linking to its match page, and the squad (players
 * seen for it in lineups and events). Football shows the W/D/L form; every sport shows fixtures and results.
 */
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LocalTime } from '@/components/shell/LocalTime';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { FollowButton } from '@/components/follow/FollowButton';
import { FormGuide } from '@/components/standings/FormGuide';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatLocal } from '@/browser/time/local-format';
import type { Locale } from '@/lib/i18n/locales';
import type { Fixture, Result } from '@/lib/wire/schemas';
import { processReadDeps } from '@/server/read/process-deps';
import { readSquad, type SquadPlayer } from '@/server/read/read-squad';
import { loadTeam, outcome } from './load-team';
import { Squad } from './Squad';

/** Sports whose "teams" are single players: no squad. */
const INDIVIDUAL = new Set(['tennis', 'golf', 'mma']);

/** The players seen for `team` (server/read/read-squad.ts); [] for individual sports or an unknown team. */
async function loadSquad(sport: string, team: string): Promise<SquadPlayer[]> {
  if (INDIVIDUAL.has(sport)) return [];
  return readSquad(processReadDeps(), sport, team);
}

/** The outcome letter's words (standings.col / standings.form.letter) and "v", from the page's catalogue. */
type RowWords = { v: string; letter: Record<'W' | 'D' | 'L', string>; word: Record<'W' | 'D' | 'L', string> };

function MatchRow({
  f,
  tz,
  team,
  locale,
  words,
}: {
  f: Fixture | Result;
  tz: string;
  team: string;
  locale: Locale;
  words: RowWords;
}) {
  const result = f.status === 'finished' && f.score ? (f as Result) : null;
  const o = result ? outcome(result, team) : null;
  return (
    <li>
      <Link
        href={`/matches/${f.fixture_id}`}
        prefetch={false}
        data-testid="team-match"
        data-fixture-id={f.fixture_id}
        className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2 rounded px-2 py-1.5 text-sm no-underline hover:bg-bg"
      >
        <span className="text-xs text-muted tabular">
          <LocalTime
            iso={f.kickoff}
            text={formatLocal(f.kickoff, tz, result ? 'date' : 'short', locale)}
            style={result ? 'day' : 'short'}
          />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-xs text-muted">{f.league}</span>
          <span className="block truncate">
            {f.home_team} <span className="text-muted">{words.v}</span> {f.away_team}
          </span>
        </span>
        <span className="flex items-center gap-2 font-semibold tabular">
          {result ? `${result.score.home}–${result.score.away}` : ''}
          {o ? (
            <span
              className={`inline-flex h-5 w-5 items-center justify-center rounded-sm text-[11px] font-bold text-bg ${o === 'W' ? 'bg-win' : o === 'D' ? 'bg-draw' : 'bg-loss'}`}
              title={words.word[o]}
            >
              {words.letter[o]}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export async function TeamPage({ sport, team }: { sport: string; team: string }) {
  const deps = processReadDeps();
  const [data, tz, squad, locale, t, st, tm] = await Promise.all([
    loadTeam(deps, sport, team),
    viewerTimeZone(),
    loadSquad(sport, team),
    getLocale(),
    getTranslations('team'),
    getTranslations('standings'),
    getTranslations('match'),
  ]);
  if (!data.results.length && !data.fixtures.length) notFound();
  const form = data.results
    .slice(0, 5)
    .reverse()
    .map((r) => outcome(r, team));
  const words: RowWords = {
    v: tm('versus'),
    letter: { W: st('form.letter.W'), D: st('form.letter.D'), L: st('form.letter.L') },
    word: { W: st('col.won'), D: st('col.drawn'), L: st('col.lost') },
  };
  const s = data.standing;
  const row = s?.table.rows.find((r) => r.team === team) as Record<string, unknown> | undefined;
  return (
    <article className="grid gap-4" data-testid="team-page" data-team={team}>
      <header className="flex items-center gap-3 rounded-xl border border-line bg-card p-4">
        <TeamBadge name={team} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold">{team}</h1>
          <p className="text-sm text-muted">
            {s ? (
              <>
                {t.rich('positionIn', {
                  n: s.position,
                  league: `${s.table.league}${s.table.group ? ` · ${s.table.group}` : ''}`,
                  pos: (c) => <span data-testid="team-position">{c}</span>,
                  table: (c) => (
                    <Link
                      prefetch={false}
                      href={`/${sport}/standings?league=${s.table.league_slug}&season=${s.table.season}`}
                    >
                      {c}
                    </Link>
                  ),
                })}
                {typeof row?.points === 'number' ? ` · ${st('pointsShort', { points: row.points })}` : ''}
              </>
            ) : (
              (data.results[0] ?? data.fixtures[0])?.league
            )}
          </p>
        </div>
        <div className="ml-auto">
          <FollowButton sport={sport} team={team} />
        </div>
        {form.length ? (
          <div className="hidden text-right text-xs text-muted sm:block">
            {st('col.form')}
            <div className="mt-1">
              <FormGuide form={form} />
            </div>
          </div>
        ) : null}
      </header>
      {form.length ? (
        <p className="flex items-center gap-2 text-sm sm:hidden" data-testid="team-form">
          <span className="text-muted">{st('col.form')}</span> <FormGuide form={form} />
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="team-next" className="rounded-xl border border-line bg-card p-3">
          <h2 id="team-next" className="mb-2 font-bold">
            {t('nextFixtures')}
          </h2>
          {data.fixtures.length ? (
            <ul>
              {data.fixtures.map((f) => (
                <MatchRow key={f.fixture_id} f={f} tz={tz} team={team} locale={locale} words={words} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('noFixture')}</p>
          )}
        </section>
        <section aria-labelledby="team-results" className="rounded-xl border border-line bg-card p-3">
          <h2 id="team-results" className="mb-2 font-bold">
            {t('recentResults')}
          </h2>
          {data.results.length ? (
            <ul>
              {data.results.map((r) => (
                <MatchRow key={r.fixture_id} f={r} tz={tz} team={team} locale={locale} words={words} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('noResult')}</p>
          )}
        </section>
      </div>
      <Squad players={squad} sport={sport} />
    </article>
  );
}
