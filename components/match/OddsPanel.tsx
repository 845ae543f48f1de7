/**
 * The match's headline odds (GET /v1/{sport}/odds): 1X2, or two-way moneyline where there is no
 * draw (tennis, MMA, …) — consensus (median) decimal prices with the consensus
 * margin, and each bookmaker's opening → current line with its margin (overround = Σ 1/price − 1);
 * the best current price per selection is highlighted. Scoreline's in-play model is labelled as a
 * model, never as a bookmaker.
 */
import { useTranslations } from 'next-intl';
import type { OddsResponse } from '@/lib/wire/schemas';
import { useOddsFormat } from '@/components/i18n/number-format';
import { bookmakerLabel, headlineSelections, SELECTION_SHORT } from '@/components/odds/odds-ticks';

export function OddsPanel({ odds, home, away }: { odds: OddsResponse; home: string; away: string }) {
  const SEL = headlineSelections(odds.market);
  const books = odds.bookmakers.filter((b) => b.market === odds.market && !b.bookmaker.startsWith('market-'));
  const t = useTranslations('odds');
  const { price, percent } = useOddsFormat();
  const names = { home, draw: t('draw'), away };
  return (
    <section aria-labelledby="odds-h" className="rounded-xl border border-line bg-card p-4" data-testid="odds">
      <h2 id="odds-h" className="mb-3 font-bold">
        {t('panelTitle', { market: odds.market })}
      </h2>
      <dl className={`mb-3 grid ${SEL.length === 3 ? 'grid-cols-3' : 'grid-cols-2'} gap-2 text-center`}>
        {SEL.map((s) => (
          <div key={s} className="rounded-lg bg-bg p-2">
            <dt className="truncate text-xs text-muted">{names[s]}</dt>
            <dd className="text-lg font-bold tabular" data-testid={`consensus-${s}`}>
              {price(odds[s])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mb-2 text-xs text-muted">
        {odds.margin != null
          ? t('consensusMargin', { source: odds.source, margin: percent(odds.margin) })
          : t('consensus', { source: odds.source })}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular">
          <caption className="sr-only">{t('caption', { market: odds.market })}</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 text-left font-normal">
                {t('bookmaker')}
              </th>
              {SEL.map((s) => (
                <th key={s} scope="col" className="py-1 text-right font-normal">
                  {t('openNow', { selection: SELECTION_SHORT[s] })}
                </th>
              ))}
              <th scope="col" className="py-1 text-right font-normal">
                {t('margin')}
              </th>
            </tr>
          </thead>
          <tbody>
            {books.map((b) => {
              const cur = b.current;
              return (
                <tr key={b.bookmaker} className="border-t border-line">
                  <th scope="row" className="py-1 text-left font-normal">
                    {b.is_model ? <span title={t('modelTitle')}>{t('model')}</span> : bookmakerLabel(b.bookmaker)}
                  </th>
                  {SEL.map((s) => {
                    const isBest = books.length > 1 && cur[s] === odds.best[s]?.price;
                    return (
                      <td key={s} className="py-1 text-right">
                        <span className="text-muted">{price(b.opening?.[s])}</span> →{' '}
                        <span
                          className={isBest ? 'rounded bg-accent px-1 font-bold text-accent-fg' : ''}
                          title={isBest ? t('best') : undefined}
                        >
                          {price(cur[s])}
                        </span>
                      </td>
                    );
                  })}
                  <td className="py-1 text-right">{b.margin == null ? '–' : percent(b.margin)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
