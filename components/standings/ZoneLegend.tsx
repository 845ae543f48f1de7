/** The standings zones' colours (a bar on the position cell) and the legend under a table explaining them. */
import { useTranslations } from 'next-intl';
import type { Zone, ZoneKind } from '@/lib/catalogue/zones';

/** Left-border colour of each zone (Tailwind classes, readable in light and dark). */
export const ZONE_BORDER: Record<ZoneKind, string> = {
  champions: 'border-l-blue-600',
  europa: 'border-l-orange-500',
  conference: 'border-l-teal-500',
  advance: 'border-l-green-600',
  maybe: 'border-l-lime-500',
  playoff: 'border-l-amber-400',
  relegation: 'border-l-red-600',
};

export function ZoneLegend({ zones }: { zones: readonly Zone[] }) {
  const t = useTranslations('standings');
  if (!zones.length) return null;
  return (
    <ul
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted"
      aria-label={t('zones')}
      data-testid="zone-legend"
    >
      {zones.map((z) => (
        <li key={z.kind} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block h-3 w-1 border-l-4 ${ZONE_BORDER[z.kind]}`} />
          {z.label}
        </li>
      ))}
    </ul>
  );
}
