/**
 * Reading a V8 CPU profile (`--cpu-prof`) of a benchmark child: where the self time went.
 */
import fs from 'node:fs';

/** The heaviest functions (self time) of a V8 .cpuprofile, grouped by function and file, and the share of wasm / GC / idle. */
export function topFunctions(
  file: string,
  n = 15,
): { top: { fn: string; self_ms: number; pct: number }[]; shares: Record<string, number> } {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((x) => [x.id, x.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, k) => {
    const f = byId.get(id)!;
    const dt = (prof.timeDeltas[k] ?? 0) / 1000;
    total += dt;
    const where = f.url
      ? `${f.url
          .replace(/^file:\/\//, '')
          .replace(process.cwd() + '/', '')
          .replace(/.*node_modules\//, '')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  // Self time by where the code lives: PGlite's wasm, a package, node internals, this repo, GC, idle.
  const shares: Record<string, number> = {};
  for (const [fn, ms] of self) {
    const where = fn.split(' ').slice(1).join(' ');
    const k = /wasm/.test(fn)
      ? 'pglite wasm'
      : fn.startsWith('(garbage collector)')
        ? 'GC'
        : fn.startsWith('(idle)')
          ? 'idle'
          : /^node:/.test(where)
            ? 'node internals'
            : /^(@[^/]+\/[^/]+|[^/@][^/]*)\/(dist|lib|[^:]*\.[cm]?js)/.test(where) &&
                !/^(server|lib|bench)\//.test(where)
              ? (where.match(/^(@[^/]+\/[^/]+|[^/]+)/)?.[1] ?? 'other')
              : /^(server|lib|bench)\//.test(where)
                ? 'scoreline code'
                : 'native / other';
    shares[k] = (shares[k] ?? 0) + ms;
  }
  for (const k of Object.keys(shares)) shares[k] = Math.round((shares[k] / total) * 1000) / 10;
  return {
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([fn, ms]) => ({ fn, self_ms: Math.round(ms), pct: Math.round((ms / total) * 1000) / 10 })),
    shares,
  };
}
