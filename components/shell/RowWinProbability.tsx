'use client';
/**
 * A list row's pre-match win probability (the rows' `win_probability`, server/read/prematch-batch.ts):
 * "54% · 25% · 21%" (home · draw · away; two numbers where the sport has no draw) in small muted
 * text, and the words for the row's screen-reader label ({@link useRowProbabilityWords}). Text,
 * never colour alone. Nothing for golf (null).
 *
 * Test hook: [data-testid=row-win-probability] (in play: in-play-win-probability) with data-home /
 * data-draw / data-away.
 */
import { useFormatter, useTranslations } from 'next-intl';
import type { RowWinProbability as P } from '@/lib/wire/schemas';

function usePercent(): (v: number) => string {
  const f = useFormatter();
  return (v) => f.number(v, { style: 'percent', maximumFractionDigits: 0 });
}

/** Which probability a row shows: the pre-match rating's, or the in-play series' latest point (live cards). */
export type ProbabilityKind = 'prematch' | 'in-play';

/**
 * The words of a row's probability ("pre-match win probability Arsenal 54%, draw 25%, Chelsea 21%";
 * in play: "win probability now …"), null without one.
 */
export function useRowProbabilityWords(
  kind: ProbabilityKind = 'prematch',
): (p: P | undefined, home: string, away: string) => string | null {
  const t = useTranslations('winProbability');
  const pct = usePercent();
  return (p, home, away) => {
    if (!p) return null;
    const args = { home, away, homePct: pct(p.home), awayPct: pct(p.away) };
    const split = p.draw == null ? t('splitNoDraw', args) : t('split', { ...args, drawPct: pct(p.draw) });
    return t(kind === 'prematch' ? 'row' : 'inPlayRow', { split });
  };
}

/**
 * The visible figures (aria-hidden: the row's label carries the words). In play (`kind`
 * "in-play"): labelled "now" in the page's language, in the body colour, test id
 * `in-play-win-probability`.
 */
export function RowWinProbability({
  p,
  className = '',
  kind = 'prematch',
}: {
  p: P | undefined;
  className?: string;
  kind?: ProbabilityKind;
}) {
  const t = useTranslations('winProbability');
  const pct = usePercent();
  if (!p) return null;
  const parts = [p.home, ...(p.draw == null ? [] : [p.draw]), p.away].map(pct);
  const inPlay = kind === 'in-play';
  return (
    <span
      aria-hidden="true"
      title={t(inPlay ? 'inPlayTitle' : 'rowTitle')}
      data-testid={inPlay ? 'in-play-win-probability' : 'row-win-probability'}
      data-home={p.home}
      data-draw={p.draw ?? undefined}
      data-away={p.away}
      className={`text-[11px] tabular ${inPlay ? 'font-semibold' : 'text-muted'} ${className}`}
    >
      {inPlay ? `${t('now')} ` : ''}
      {parts.join(' · ')}
    </span>
  );
}
