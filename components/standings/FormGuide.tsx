/** The last results as W/D/L pills (letter and colour), read out in words to screen readers. */
import { useTranslations } from 'next-intl';
import type { StandingsRow } from '@/lib/wire/schemas';

const STYLE = { W: 'bg-win', D: 'bg-draw', L: 'bg-loss' } as const;

export function FormGuide({ form }: { form: StandingsRow['form'] }) {
  const t = useTranslations('standings.form');
  if (!form.length) return <span className="text-muted">–</span>;
  return (
    <span className="inline-flex gap-0.5" data-testid="form">
      <span className="sr-only">
        {t('last', { n: form.length, results: form.map((f) => t(`word.${f}`)).join(', ') })}
      </span>
      {form.map((f, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={`inline-flex h-4 w-4 items-center justify-center rounded-sm text-[10px] font-bold text-bg ${STYLE[f]}`}
        >
          {t(`letter.${f}`)}
        </span>
      ))}
    </span>
  );
}
