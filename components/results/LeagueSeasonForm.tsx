'use client';
/**
 * League and season pickers of the results and standings pages: a plain GET form (works without
 * JavaScript), whose season list follows the chosen league. Optional free-text team filter.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { seasonLabel } from './season-label';
import { LeagueOptions } from '@/components/shell/LeagueOptions';

export interface LeagueOption {
  slug: string;
  name: string;
  /** Season slugs, newest first. */
  seasons: string[];
}

const control = 'rounded border border-line bg-card px-2 py-1';

export function LeagueSeasonForm({
  action,
  leagues,
  league,
  season,
  team,
  hidden = {},
  idPrefix,
}: {
  /** The page path the form GETs, e.g. /football/results. */
  action: string;
  leagues: LeagueOption[];
  league?: string;
  season?: string;
  /** When defined, a team filter input is shown with this value ("" = empty). */
  team?: string;
  /** Other query parameters to keep (e.g. the grouping). */
  hidden?: Record<string, string>;
  /** Prefix for the controls' ids (unique per page). */
  idPrefix: string;
}) {
  const t = useTranslations('common');
  const [chosen, setChosen] = useState(league ?? leagues[0]?.slug ?? '');
  const seasons = leagues.find((l) => l.slug === chosen)?.seasons ?? [];
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2 text-sm">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <span className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-league`} className="text-muted">
          {t('league')}
        </label>
        <select
          id={`${idPrefix}-league`}
          name="league"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className={control}
        >
          <LeagueOptions leagues={leagues} />
        </select>
      </span>
      <span className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-season`} className="text-muted">
          {t('season')}
        </label>
        <select
          key={chosen}
          id={`${idPrefix}-season`}
          name="season"
          defaultValue={chosen === league && season ? season : seasons[0]}
          className={control}
        >
          {seasons.map((s) => (
            <option key={s} value={s}>
              {seasonLabel(s)}
            </option>
          ))}
        </select>
      </span>
      {team !== undefined && (
        <span className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-team`} className="text-muted">
            {t('team')}
          </label>
          <input
            id={`${idPrefix}-team`}
            type="search"
            name="team"
            defaultValue={team}
            placeholder={t('anyTeam')}
            maxLength={100}
            className={`${control} w-40`}
          />
        </span>
      )}
      <button type="submit" className={`${control} px-3 hover:border-accent`}>
        {t('show')}
      </button>
    </form>
  );
}
