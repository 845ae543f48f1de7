/**
 * One sport's pre-match pass as it crosses from the pass thread (server/win-probability/
 * prematch-worker.ts) to the main thread: columns in transferable buffers, so receiving it costs
 * the main thread a copy-free hand-over instead of rebuilding tens of thousands of objects
 * (structured clone of a Map<number, Prematch>), and a row's `win_probability` is read from the
 * columns without building an object per fixture. The full {@link Prematch} of a fixture (the
 * match's series starts from it) is its JSON, sliced out of one string and parsed on demand.
 */
import type { Prematch } from '@/lib/win-probability/prematch';
import type { WinProbability } from '@/lib/win-probability/types';

/** The packed pass: fixture ids ascending, P(home) / P(draw) (NaN: no draw) / P(away) by index, and each fixture's Prematch JSON. */
export interface PrematchTable {
  ids: Float64Array;
  home: Float64Array;
  draw: Float64Array;
  away: Float64Array;
  /** Every fixture's Prematch JSON, concatenated in id order; fixture i is json[ends[i-1] .. ends[i]). */
  json: string;
  ends: Uint32Array;
}

/** Packs a pass (prematch-batch.ts `prematchOfRows`) into a {@link PrematchTable}. */
export function packPrematch(pass: ReadonlyMap<number, Prematch>): PrematchTable {
  const ids = Float64Array.from(pass.keys()).sort();
  const n = ids.length;
  const t: PrematchTable = {
    ids,
    home: new Float64Array(n),
    draw: new Float64Array(n),
    away: new Float64Array(n),
    json: '',
    ends: new Uint32Array(n),
  };
  const parts: string[] = [];
  let end = 0;
  for (let i = 0; i < n; i++) {
    const p = pass.get(ids[i])!;
    t.home[i] = p.home;
    t.draw[i] = p.draw ?? Number.NaN;
    t.away[i] = p.away;
    const j = JSON.stringify(p);
    parts.push(j);
    end += j.length;
    t.ends[i] = end;
  }
  t.json = parts.join('');
  return t;
}

/** The buffers of a table, for `postMessage(table, transferList)`. */
export const transferablesOf = (t: PrematchTable): ArrayBuffer[] =>
  [t.ids, t.home, t.draw, t.away, t.ends].map((a) => a.buffer as ArrayBuffer);

/** Read access to one complete pass of a sport; `generation` counts the sport's passes in this process (from 1). */
export class PrematchPass {
  constructor(
    private readonly t: PrematchTable,
    readonly generation: number,
  ) {}

  /** Fixtures the pass holds. */
  get size(): number {
    return this.t.ids.length;
  }

  private indexOf(id: number): number {
    const ids = this.t.ids;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid];
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Whether the pass holds fixture `id`. */
  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** A row's `win_probability` (P(home), P(draw) — null without draws —, P(away)); null when the pass does not hold the fixture. */
  row(id: number): WinProbability | null {
    const i = this.indexOf(id);
    if (i < 0) return null;
    const d = this.t.draw[i];
    return { home: this.t.home[i], draw: Number.isNaN(d) ? null : d, away: this.t.away[i] };
  }

  /** The fixture's full pre-match probability (ratings, goal rates), parsed from its JSON; undefined when not held. */
  get(id: number): Prematch | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    return JSON.parse(this.t.json.slice(i ? this.t.ends[i - 1] : 0, this.t.ends[i])) as Prematch;
  }
}
