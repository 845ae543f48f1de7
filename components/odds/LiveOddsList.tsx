'use client';
/**
 * The odds page's in-play list: each live match with its headline prices (1X2, or moneyline), moved by the `<sport>.odds`
 * WebSocket channel (the single source's ticks, e.g. the in-play model during replays) and its
 * score by the live store.
 */
import { useState } from 'react';
import { useChannel, useLive } from '@/components/live/LiveProvider';
import type { OddsRow } from './load-odds-page';
import { OddsMatchRow } from './OddsMatchRow';
import { headlineSelections } from './odds-ticks';
import type { OddsMessage } from './use-odds-ticks';

/** Applies an `odds` message to the rows it concerns (prices of the row's single source). */
function applyTicks(rows: OddsRow[], msg: OddsMessage): OddsRow[] {
  return rows.map((r) => {
    if (r.fixture_id !== msg.fixture_id || !r.single_source) return r;
    const mine = msg.ticks.filter((t) => t.market === r.odds.market && t.bookmaker === r.single_source);
    if (!mine.length) return r;
    const odds = { ...r.odds };
    const sels = headlineSelections(odds.market);
    for (const t of mine) if ((sels as readonly string[]).includes(t.selection)) odds[t.selection as 'home'] = t.price;
    odds.margin = sels.reduce((m, s) => m + 1 / (odds[s] ?? Infinity), 0) - 1;
    return { ...r, odds };
  });
}

function LiveRow({ row, href, selected }: { row: OddsRow; href: string; selected: boolean }) {
  const m = useLive((s) => s.matches[row.fixture_id]);
  const shown = m ? { ...row, score: m.score } : row;
  return <OddsMatchRow row={shown} href={href} when="in play" selected={selected} live />;
}

/** Live matches with odds; `hrefs` selects each on the odds page. */
export function LiveOddsList({
  sport,
  initial,
  hrefs,
  selected,
}: {
  sport: string;
  initial: OddsRow[];
  hrefs: Record<number, string>;
  selected: number | null;
}) {
  const [rows, setRows] = useState(initial);
  // A new server render (another match selected) brings fresher rows: start from those.
  const [rendered, setRendered] = useState(initial);
  if (rendered !== initial) {
    setRendered(initial);
    setRows(initial);
  }
  useChannel(`${sport}.odds`, (msg) => {
    if (msg.type === 'odds') setRows((prev) => applyTicks(prev, msg as unknown as OddsMessage));
  });
  return (
    <ul className="divide-y divide-line" data-testid="live-odds">
      {rows.map((r) => (
        <LiveRow key={r.fixture_id} row={r} href={hrefs[r.fixture_id]} selected={r.fixture_id === selected} />
      ))}
    </ul>
  );
}
