/**
 * A team page's squad: the players the store has seen for the team (lineups and events,
 * server/read/read-squad.ts), latest seen first, with their matches (and starts where
 * lineups say). Rows `[data-testid=squad-player]` carry `data-player` and `data-matches`.
 */
import type { SquadPlayer } from '@/server/read/read-squad';
import { useTranslations } from 'next-intl';
import { featuresOf } from '@/lib/sport-features';

export function Squad({ players, sport }: { players: SquadPlayer[]; sport: string }) {
  const t = useTranslations('team');
  if (!players.length) return null;
  const starts = players.some((p) => p.starts > 0);
  return (
    <section aria-labelledby="team-squad" className="rounded-xl border border-line bg-card p-3" data-testid="squad">
      <h2 id="team-squad" className="mb-1 font-bold">
        {t('squad')}
      </h2>
      <p className="mb-2 text-xs text-muted">{t('squadNote', { lineups: featuresOf(sport).lineups ? 'yes' : 'no' })}</p>
      <ul className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {players.map((p) => (
          <li
            key={p.name}
            className="flex items-baseline justify-between gap-2 border-t border-line py-1 text-sm"
            data-testid="squad-player"
            data-player={p.name}
            data-matches={p.matches}
          >
            <span className="min-w-0 truncate">{p.name}</span>
            <span className="shrink-0 text-xs text-muted tabular">
              {t('matches', { n: p.matches })}
              {starts ? t('started', { n: p.starts }) : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
