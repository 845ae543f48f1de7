/** Starting XIs and substitutes, when a source provides lineups (StatsBomb does): home on the left, as in the header. */
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { teamHref } from '@/components/team/team-href';
import type { Lineup } from '@/lib/wire/schemas';

const SIDE_ORDER = { home: 0, away: 1 } as const;

export function Lineups({ lineups }: { lineups: Lineup[] }) {
  const t = useTranslations('match');
  if (!lineups.length) return null;
  return (
    <section aria-labelledby="lineups-h" className="rounded-xl border border-line bg-card p-4" data-testid="lineups">
      <h2 id="lineups-h" className="mb-3 font-bold">
        {t('lineups')}
      </h2>
      <div className="grid grid-cols-2 gap-4 text-sm">
        {[...lineups]
          .sort((a, b) => SIDE_ORDER[a.side] - SIDE_ORDER[b.side])
          .map((l) => (
            <div key={l.side} className="min-w-0" data-testid="lineup" data-side={l.side}>
              <h3 className="font-semibold">
                <Link prefetch={false} href={teamHref('football', l.team)} className="no-underline hover:underline">
                  {l.team}
                </Link>{' '}
                {l.formation && <span className="font-normal text-muted">({l.formation})</span>}
              </h3>
              <ul className="mt-1">
                {l.players
                  .filter((p) => p.starter)
                  .map((p) => (
                    <li key={p.name} className="flex gap-2">
                      <span className="w-6 text-right text-muted tabular">{p.jersey_number ?? ''}</span>
                      <span className="truncate">{p.nickname ?? p.name}</span>
                    </li>
                  ))}
              </ul>
              {l.players.some((p) => !p.starter) && (
                <>
                  <h4 className="mt-2 text-xs font-semibold uppercase text-muted">{t('substitutes')}</h4>
                  <ul>
                    {l.players
                      .filter((p) => !p.starter)
                      .map((p) => (
                        <li key={p.name} className="flex gap-2 text-muted">
                          <span className="w-6 text-right tabular">{p.jersey_number ?? ''}</span>
                          <span className="truncate">{p.nickname ?? p.name}</span>
                        </li>
                      ))}
                  </ul>
                </>
              )}
            </div>
          ))}
      </div>
    </section>
  );
}
