/**
 * The match's headline odds (GET /v1/{sport}/odds): 1X2, or two-way moneyline where there is no
 * draw (tennis, MMA, …) — consensus (median) decimal prices with the consensus
 * margin, and each bookmaker's opening → current line with its margin (overround = Σ 1/price − 1);
 * the best current price per selection is highlighted. Scoreline's in-play model is labelled as a
 * model, never as a bookmaker.
 */
import type { OddsResponse } from '@/lib/wire/schemas';
import { bookmakerLabel, headlineSelections, SELECTION_SHORT } from '@/components/odds/odds-ticks';

export function OddsPanel({ odds, home, away }: { odds: OddsResponse; home: string; away: string }) {
  const SEL = headlineSelections(odds.market);
  const books = odds.bookmakers.filter((b) => b.market === odds.market && !b.bookmaker.startsWith('market-'));
  const names = { home, draw: 'Draw', away };
  return (
    <section aria-labelledby="odds-h" className="rounded-xl border border-line bg-card p-4" data-testid="odds">
      <h2 id="odds-h" className="mb-3 font-bold">
        Odds ({odds.market}, decimal)
      </h2>
      <dl className={`mb-3 grid ${SEL.length === 3 ? 'grid-cols-3' : 'grid-cols-2'} gap-2 text-center`}>
        {SEL.map((s) => (
          <div key={s} className="rounded-lg bg-bg p-2">
            <dt className="truncate text-xs text-muted">{names[s]}</dt>
            <dd className="text-lg font-bold tabular" data-testid={`consensus-${s}`}>
              {odds[s]?.toFixed(2) ?? '–'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mb-2 text-xs text-muted">
        Consensus: {odds.source}
        {odds.margin != null ? `, margin ${(odds.margin * 100).toFixed(1)}%` : ''}.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular">
          <caption className="sr-only">Opening and current {odds.market} prices by bookmaker</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 text-left font-normal">
                Bookmaker
              </th>
              {SEL.map((s) => (
                <th key={s} scope="col" className="py-1 text-right font-normal">
                  {SELECTION_SHORT[s]} open → now
                </th>
              ))}
              <th scope="col" className="py-1 text-right font-normal">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {books.map((b) => {
              const cur = b.current;
              return (
                <tr key={b.bookmaker} className="border-t border-line">
                  <th scope="row" className="py-1 text-left font-normal">
                    {b.is_model ? (
                      <span title="Scoreline's in-play model, not a bookmaker">model (Poisson)</span>
                    ) : (
                      bookmakerLabel(b.bookmaker)
                    )}
                  </th>
                  {SEL.map((s) => {
                    const isBest = books.length > 1 && cur[s] === odds.best[s]?.price;
                    return (
                      <td key={s} className="py-1 text-right">
                        <span className="text-muted">{b.opening?.[s]?.toFixed(2) ?? '–'}</span> →{' '}
                        <span
                          className={isBest ? 'rounded bg-accent px-1 font-bold text-accent-fg' : ''}
                          title={isBest ? 'Best price' : undefined}
                        >
                          {cur[s]?.toFixed(2) ?? '–'}
                        </span>
                      </td>
                    );
                  })}
                  <td className="py-1 text-right">{b.margin == null ? '–' : `${(b.margin * 100).toFixed(1)}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
