/**
 * One standings table (a league, or one group of a tournament). Fixed column widths and tabular
 * digits so a live recompute never shifts the layout; GF/GA are hidden on phones, where the table
 * scrolls sideways with position and team kept in view. While the table is live, each row shows
 * its move against the stored table (▲/▼ with the number, in words for screen readers) and a
 * "Live" badge on teams playing now.
 */
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { teamHref } from '@/components/team/team-href';
import type { LiveStandingsRow } from '@/lib/football/live-standings';
import { zoneOf, type Zone } from '@/lib/catalogue/zones';
import { ZONE_BORDER, ZoneLegend } from './ZoneLegend';
import { FormGuide } from './FormGuide';

/** Points adjustments' reasons by team name (from the competition catalogue). */
export type AdjustmentNotes = Record<string, { points: number; reason: string }[]>;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const noteId = (tableId: string, team: string) => `${tableId}-adj-${team.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function Change({ n }: { n: number }) {
  if (!n) return null;
  const places = Math.abs(n) === 1 ? 'place' : 'places';
  return (
    <span className={`text-[11px] font-semibold ${n > 0 ? 'text-win' : 'text-loss'}`}>
      <span aria-hidden="true">
        {n > 0 ? '▲' : '▼'}
        {Math.abs(n)}
      </span>
      <span className="sr-only">
        {n > 0 ? 'up' : 'down'} {Math.abs(n)} {places}
      </span>
    </span>
  );
}

const num = 'px-1 text-right tabular';
/** Column widths (table-layout: fixed takes them from the header row). */
const w = {
  pos: 'w-11 sm:w-12',
  team: 'w-32 sm:w-auto',
  n: 'w-7 sm:w-8',
  goals: 'w-9',
  gd: 'w-9 sm:w-10',
  form: 'w-[6rem]',
};
/** The team column stays in view when the table scrolls sideways (offset = the position column's width). */
const stickTeam = 'sticky left-11 sm:left-12';
const gfga = 'hidden sm:table-cell';

export function StandingsTable({
  id,
  title,
  rows,
  live,
  playing,
  notes,
  zones = [],
}: {
  /** Unique id prefix for this table (footnote anchors). */
  id: string;
  /** Caption, e.g. "Premier League 2023/24" or "Group E". */
  title: string;
  rows: LiveStandingsRow[];
  /** Rows are provisional (matches in play). */
  live: boolean;
  /** Teams playing now per the live store (in addition to the rows' own `live`). */
  playing: Set<string>;
  notes: AdjustmentNotes;
  /** Qualification and relegation places (lib/catalogue/zones.ts), marked on the position cell and explained under the table. */
  zones?: readonly Zone[];
}) {
  const t = useTranslations('standings');
  const adjusted = rows.filter((r) => r.points_adjustment !== 0);
  const used = zones.filter((z) => rows.some((r) => zoneOf([z], r.position, rows.length)));
  return (
    <section className="mb-6 max-w-4xl" data-testid="standings-table" data-live={live ? 'true' : 'false'}>
      <div className="rounded-lg border border-line bg-card">
        <div className="px-3 py-2">
          <h2 className="font-semibold">
            {title}
            {live && (
              <span className="ml-2 inline-flex items-center gap-1 rounded border border-live px-1.5 text-xs font-semibold text-live">
                <span aria-hidden="true">●</span> {t('liveTable')}
              </span>
            )}
          </h2>
          {live && <p className="text-xs text-muted">{t('liveNote')}</p>}
        </div>
        {/* Focusable so keyboard users can scroll it sideways on narrow screens (Form column). */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('tableRegion', { title })}>
          <table className="w-full min-w-[22rem] table-fixed border-collapse text-sm">
            <caption className="sr-only">{live ? t('captionLive', { title }) : title}</caption>
            <thead className="text-xs text-muted">
              <tr className="*:border-y *:border-line">
                <th scope="col" className={`sticky left-0 bg-card px-2 py-1.5 text-left font-medium ${w.pos}`}>
                  <abbr title={t('col.position')} className="no-underline">
                    {t('abbr.position')}
                  </abbr>
                </th>
                <th scope="col" className={`${stickTeam} bg-card px-1 text-left font-medium ${w.team}`}>
                  {t('col.team')}
                </th>
                {(['played', 'won', 'drawn', 'lost'] as const).map((k) => (
                  <th key={k} scope="col" className={`${num} ${w.n} font-medium`}>
                    <abbr title={t(`col.${k}`)} className="no-underline">
                      {t(`abbr.${k}`)}
                    </abbr>
                  </th>
                ))}
                <th scope="col" className={`${num} ${gfga} ${w.goals} font-medium`}>
                  <abbr title={t('col.goalsFor')} className="no-underline">
                    {t('abbr.goalsFor')}
                  </abbr>
                </th>
                <th scope="col" className={`${num} ${gfga} ${w.goals} font-medium`}>
                  <abbr title={t('col.goalsAgainst')} className="no-underline">
                    {t('abbr.goalsAgainst')}
                  </abbr>
                </th>
                <th scope="col" className={`${num} ${w.gd} font-medium`}>
                  <abbr title={t('col.goalDifference')} className="no-underline">
                    {t('abbr.goalDifference')}
                  </abbr>
                </th>
                <th scope="col" className={`${num} ${w.gd} font-medium`}>
                  <abbr title={t('col.points')} className="no-underline">
                    {t('abbr.points')}
                  </abbr>
                </th>
                <th scope="col" className={`px-2 text-left font-medium ${w.form}`}>
                  {t('col.form')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const isPlaying = r.live || playing.has(r.team);
                const zone = zoneOf(zones, r.position, rows.length);
                return (
                  <tr
                    key={r.team}
                    data-testid="standings-row"
                    data-team={r.team}
                    data-position={r.position}
                    data-points={r.points}
                    data-record={`${r.played} ${r.won} ${r.drawn} ${r.lost} ${r.goals_for} ${r.goals_against} ${r.points_adjustment}`}
                    data-live-change={
                      r.live_position_change > 0 ? `+${r.live_position_change}` : String(r.live_position_change)
                    }
                    data-live={isPlaying ? 'true' : undefined}
                    data-zone={zone?.kind}
                    className="h-10 *:border-b *:border-line [&:last-child>*]:border-b-0"
                  >
                    <td
                      className={`sticky left-0 bg-card px-2 tabular ${zone ? `border-l-4 ${ZONE_BORDER[zone.kind]}` : 'border-l-4 border-l-transparent'}`}
                      title={zone?.label}
                    >
                      {zone ? <span className="sr-only">{zone.label}: </span> : null}
                      <span className="inline-flex w-full items-baseline gap-1">
                        <span className="w-5 text-right font-semibold">{r.position}</span>
                        {live && <Change n={r.live_position_change} />}
                      </span>
                    </td>
                    <th scope="row" className={`${stickTeam} bg-card px-1 text-left font-normal`}>
                      <span className="flex min-w-0 items-center gap-2">
                        <span className="hidden sm:inline-flex">
                          <TeamBadge name={r.team} size="sm" />
                        </span>
                        <Link
                          href={teamHref('football', r.team)}
                          prefetch={false}
                          className="truncate no-underline hover:underline"
                          data-testid="team-link"
                        >
                          {r.team}
                        </Link>
                        {r.points_adjustment !== 0 && (
                          <a
                            href={`#${noteId(id, r.team)}`}
                            className="shrink-0 text-xs font-semibold text-loss no-underline"
                            data-testid="points-adjustment"
                            title={(notes[r.team] ?? []).map((n) => n.reason).join('; ') || t('adjustment')}
                          >
                            <span aria-hidden="true">{signed(r.points_adjustment)}*</span>
                            <span className="sr-only">
                              {r.points_adjustment < 0
                                ? t('deducted', { n: -r.points_adjustment })
                                : t('added', { n: r.points_adjustment })}
                            </span>
                          </a>
                        )}
                        {isPlaying && (
                          <span
                            className="shrink-0 rounded border border-live px-1 text-[11px] font-bold text-live"
                            data-testid="live-badge"
                          >
                            <span aria-hidden="true" className="sm:hidden">
                              ●
                            </span>
                            <span className="max-sm:sr-only">{t('live')}</span>
                            <span className="sr-only"> — {t('playingNow')}</span>
                          </span>
                        )}
                      </span>
                    </th>
                    <td className={num}>{r.played}</td>
                    <td className={num}>{r.won}</td>
                    <td className={num}>{r.drawn}</td>
                    <td className={num}>{r.lost}</td>
                    <td className={`${num} ${gfga}`}>{r.goals_for}</td>
                    <td className={`${num} ${gfga}`}>{r.goals_against}</td>
                    <td className={num}>{r.goal_difference > 0 ? `+${r.goal_difference}` : r.goal_difference}</td>
                    <td className={`${num} font-bold`}>{r.points}</td>
                    <td className="px-2">
                      <FormGuide form={r.form} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <ZoneLegend zones={used} />
      {adjusted.length > 0 && (
        <ul className="mt-2 space-y-1 text-xs text-muted" aria-label={t('adjustments', { title })}>
          {adjusted.map((r) => (
            <li key={r.team} id={noteId(id, r.team)}>
              <span className="font-semibold text-fg">
                * {r.team} {t('pointsShort', { points: signed(r.points_adjustment) })}:
              </span>{' '}
              {(notes[r.team] ?? [{ points: r.points_adjustment, reason: t('adjustment') }])
                .map((n) => `${signed(n.points)} — ${n.reason}`)
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
