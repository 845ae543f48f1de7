/**
 * The match's 1X2 odds: consensus (median) decimal prices, and each bookmaker's opening and
 * closing lines with its margin (overround = Σ 1/price − 1); the best closing price per selection
 * is highlighted. Line-movement charts come with the odds work (docs/dashboard.md).
 */
type Prices = Record<string, number>;
interface OddsData {
  home: number;
  draw: number;
  away: number;
  source: string;
  bookmakers: { bookmaker: string; market: string; line: number | null; opening: Prices | null; closing: Prices | null }[];
}

const SEL = ['home', 'draw', 'away'] as const;

/** Bookmaker margin in percent from decimal 1X2 prices; null when a price is missing. */
export function margin(p: Prices | null): number | null {
  if (!p || !SEL.every((s) => p[s] > 1)) return null;
  return (SEL.reduce((sum, s) => sum + 1 / p[s], 0) - 1) * 100;
}

export function OddsPanel({ odds, home, away }: { odds: OddsData; home: string; away: string }) {
  const books = odds.bookmakers.filter((b) => b.market === '1X2' && !b.bookmaker.startsWith('market-'));
  const best = Object.fromEntries(SEL.map((s) => [s, Math.max(...books.map((b) => (b.closing ?? b.opening)?.[s] ?? 0))]));
  const names = { home, draw: 'Draw', away };
  return (
    <section aria-labelledby="odds-h" className="rounded-xl border border-line bg-card p-4" data-testid="odds">
      <h2 id="odds-h" className="mb-3 font-bold">Odds (1X2, decimal)</h2>
      <dl className="mb-3 grid grid-cols-3 gap-2 text-center">
        {SEL.map((s) => (
          <div key={s} className="rounded-lg bg-bg p-2">
            <dt className="truncate text-xs text-muted">{names[s]}</dt>
            <dd className="text-lg font-bold tabular" data-testid={`consensus-${s}`}>{odds[s].toFixed(2)}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-2 text-xs text-muted">Consensus: {odds.source}.</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular">
          <caption className="sr-only">Opening and closing 1X2 prices by bookmaker</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 text-left font-normal">Bookmaker</th>
              {SEL.map((s) => (
                <th key={s} scope="col" className="py-1 text-right font-normal">{s === 'draw' ? 'X' : s === 'home' ? '1' : '2'} open → close</th>
              ))}
              <th scope="col" className="py-1 text-right font-normal">Margin</th>
            </tr>
          </thead>
          <tbody>
            {books.map((b) => {
              const cur = b.closing ?? b.opening;
              const m = margin(cur);
              return (
                <tr key={b.bookmaker} className="border-t border-line">
                  <th scope="row" className="py-1 text-left font-normal">{b.bookmaker}</th>
                  {SEL.map((s) => (
                    <td key={s} className="py-1 text-right">
                      <span className="text-muted">{b.opening?.[s]?.toFixed(2) ?? '–'}</span> →{' '}
                      <span className={cur?.[s] === best[s] ? 'rounded bg-accent px-1 font-bold text-accent-fg' : ''} title={cur?.[s] === best[s] ? 'Best price' : undefined}>
                        {b.closing?.[s]?.toFixed(2) ?? '–'}
                      </span>
                    </td>
                  ))}
                  <td className="py-1 text-right">{m == null ? '–' : `${m.toFixed(1)}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
