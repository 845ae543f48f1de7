'use client';
/**
 * League and team filters of the calendar: a GET form (works without JavaScript). With a league,
 * the team is picked from that league's teams; without one (or once another league is chosen,
 * whose teams this page does not have yet) it is typed — the API matches any known spelling.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LeagueOptions } from '@/components/shell/LeagueOptions';

const control = 'rounded border border-line bg-card px-2 py-1';

export function CalendarFilters({
  action,
  leagues,
  league,
  teams,
  team,
  keep,
}: {
  /** The calendar path, e.g. /football/fixtures. */
  action: string;
  leagues: { slug: string; name: string }[];
  league?: string;
  /** Teams of `league` (empty: free text). */
  teams: string[];
  team?: string;
  /** View and date to keep. */
  keep: Record<string, string>;
}) {
  const t = useTranslations('common');
  const [chosen, setChosen] = useState(league ?? '');
  const pick = chosen !== '' && chosen === (league ?? '') && teams.length > 0;
  const options = team && !teams.includes(team) ? [team, ...teams] : teams;
  return (
    <form method="get" action={action} className="mb-3 flex flex-wrap items-end gap-x-3 gap-y-2 text-sm">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <span className="flex flex-col gap-1">
        <label htmlFor="calendar-league" className="text-muted">
          {t('league')}
        </label>
        <select
          id="calendar-league"
          name="league"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className={control}
        >
          <LeagueOptions leagues={leagues} all={t('allLeagues')} />
        </select>
      </span>
      <span className="flex flex-col gap-1">
        <label htmlFor="calendar-team" className="text-muted">
          {t('team')}
        </label>
        {pick ? (
          <select id="calendar-team" name="team" defaultValue={team ?? ''} className={`${control} max-w-[14rem]`}>
            <option value="">{t('allTeams')}</option>
            {options.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        ) : (
          <input
            id="calendar-team"
            type="search"
            name="team"
            defaultValue={chosen === (league ?? '') ? (team ?? '') : ''}
            placeholder={t('anyTeam')}
            maxLength={100}
            className={`${control} w-44`}
          />
        )}
      </span>
      <button type="submit" className={`${control} px-3 hover:border-accent`}>
        {t('show')}
      </button>
    </form>
  );
}
