/**
 * Decimal odds and margins in the viewer's language (Intl through next-intl's formatter): a price
 * with two decimals ("2.10", "2,10"), a margin as a percentage with one ("5.2%", "5,2 %"); "–"
 * for a missing value. No digit grouping (a price is never read as thousands).
 */
import { useFormatter } from 'next-intl';

/** `price(2.1)` → "2.10" / "2,10"; `percent(0.052)` → "5.2%" / "5,2 %". */
export function useOddsFormat(): { price(v: number | null | undefined): string; percent(v: number): string } {
  const f = useFormatter();
  return {
    price: (v) =>
      v == null ? '–' : f.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
    percent: (v) => f.number(v, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}
