/**
 * The busy stretches of a V8 CPU profile (`--cpu-prof` of the main thread): runs of samples
 * without an `(idle)` one, longer than a threshold, each with the frames most of its samples were
 * under (inclusive share), deepest first — what the thread was doing while requests waited. A
 * stretch can be several tasks back to back (the profile does not mark where a task ends), so it
 * bounds an event-loop stall from above; the server's own lag figure (`/metrics`) says how long
 * one task held the loop.
 *
 * Run: `node --import tsx bench/lib/cpu-stalls.ts FILE.cpuprofile [--min-ms=200]`
 */
import fs from 'node:fs';
import path from 'node:path';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}

/** One stall: ms from the profile's start, its length in ms and the frames under ≥ `share` of its samples. */
export interface Stall {
  at_ms: number;
  ms: number;
  frames: { frame: string; share: number }[];
}

const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '')}:${f.lineNumber + 1}`;

/**
 * The stalls of at least `minMs` in `file` (a .cpuprofile), longest first, each with up to 8
 * frames under at least 30 % of its samples (deepest first). Errors: the file's read / JSON parse.
 */
export function cpuStalls(file: string, minMs = 200): Stall[] {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<number, { key: string; depth: number }[]>();
  const stackOf = (id: number) => {
    let s = stacks.get(id);
    if (s) return s;
    s = [];
    for (let at: number | undefined = id, d = 0; at !== undefined; at = parent.get(at), d++)
      s.push({ key: label(byId.get(at)!.callFrame), depth: d });
    stacks.set(id, s);
    return s;
  };
  const stalls: Stall[] = [];
  let t = 0;
  let run: { start: number; ids: number[] } | null = null;
  const close = (end: number) => {
    if (run && end - run.start >= minMs) {
      const count = new Map<string, { n: number; depth: number }>();
      for (const id of run.ids) {
        const s = stackOf(id);
        for (const f of new Map(s.map((x) => [x.key, s.length - x.depth])))
          count.set(f[0], { n: (count.get(f[0])?.n ?? 0) + 1, depth: Math.max(count.get(f[0])?.depth ?? 0, f[1]) });
      }
      const frames = [...count]
        .filter(([k, v]) => v.n / run!.ids.length >= 0.3 && !k.startsWith('(root)'))
        .sort((a, b) => b[1].depth - a[1].depth)
        .slice(0, 8)
        .map(([frame, v]) => ({ frame, share: Math.round((v.n / run!.ids.length) * 100) / 100 }));
      stalls.push({ at_ms: Math.round(run.start), ms: Math.round(end - run.start), frames });
    }
    run = null;
  };
  prof.samples.forEach((id, k) => {
    t += (prof.timeDeltas[k] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return close(t);
    run ??= { start: t, ids: [] };
    run.ids.push(id);
  });
  close(t);
  return stalls.sort((a, b) => b.ms - a.ms);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('bench/lib/cpu-stalls.ts')) {
  const file = process.argv[2];
  const min = Number(/--min-ms=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 200);
  for (const s of cpuStalls(file, min).slice(0, 12)) {
    console.log(`stall of ${s.ms} ms at +${(s.at_ms / 1000).toFixed(1)} s:`);
    for (const f of s.frames) console.log(`  ${String(Math.round(f.share * 100)).padStart(3)} %  ${f.frame}`);
  }
}
