/**
 * Where a process's resident memory is, from Linux's /proc/PID/smaps: each mapping's Rss summed by
 * kind. Used by bench/startup-memory.ts beside the V8 figures of `/metrics`.
 *
 * Kinds: `wasm` — WebAssembly memories (V8 reserves 8–10 GiB of address space per memory on 64-bit,
 * the accessible part read-write: PGlite's heaps, one per open store), listed one by one; `code` —
 * file-backed mappings (the node binary, shared libraries, mapped files; shared with other
 * processes where clean); `brk` — glibc's main heap ([heap]); `stack` — [stack]; `anon` — every
 * other anonymous mapping (V8's heap pages, JIT code, glibc's per-thread arenas, worker stacks).
 */
import fs from 'node:fs';

const GiB = 2 ** 30;

/** Resident bytes by kind, and each WebAssembly memory's resident bytes (largest first). */
export interface RssBreakdown {
  total: number;
  wasm: number;
  /** Resident bytes of each WebAssembly memory of at least 1 MiB resident. */
  wasm_each: number[];
  code: number;
  brk: number;
  stack: number;
  anon: number;
  /** Threads of the process (main, libuv pool, V8 helpers, worker_threads). */
  threads: number;
}

/**
 * Parses `smaps` text (the format of /proc/PID/smaps) into an {@link RssBreakdown} (threads 0).
 * A WebAssembly memory is an anonymous read-write mapping followed at its end by an inaccessible
 * anonymous one of at least 1 GiB (the rest of V8's reservation, growth and guard pages).
 * Errors: none; lines it does not know are skipped.
 */
export function parseSmaps(text: string): RssBreakdown {
  const maps: { start: number; end: number; perms: string; name: string; rss: number }[] = [];
  const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/;
  for (const line of text.split('\n')) {
    const h = header.exec(line);
    if (h)
      maps.push({ start: Number.parseInt(h[1], 16), end: Number.parseInt(h[2], 16), perms: h[3], name: h[4], rss: 0 });
    const m = /^Rss:\s+(\d+) kB/.exec(line);
    if (m && maps.length) maps[maps.length - 1].rss = Number(m[1]) * 1024;
  }
  const r: RssBreakdown = { total: 0, wasm: 0, wasm_each: [], code: 0, brk: 0, stack: 0, anon: 0, threads: 0 };
  maps.forEach((x, i) => {
    const next = maps[i + 1];
    const kind =
      x.name === '[heap]'
        ? 'brk'
        : x.name.startsWith('[stack')
          ? 'stack'
          : x.name && !x.name.startsWith('[')
            ? 'code'
            : x.perms.startsWith('rw') &&
                next?.start === x.end &&
                next.perms.startsWith('---') &&
                !next.name &&
                next.end - next.start >= GiB
              ? 'wasm'
              : 'anon';
    r.total += x.rss;
    r[kind] += x.rss;
    if (kind === 'wasm' && x.rss >= 2 ** 20) r.wasm_each.push(x.rss); // not undici's small llhttp memories
  });
  r.wasm_each.sort((a, b) => b - a);
  return r;
}

/** The breakdown of process `pid` now (Linux only). Errors: ENOENT when the process is gone. */
export function rssBreakdown(pid: number): RssBreakdown {
  const r = parseSmaps(fs.readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  r.threads = Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return r;
}
