/**
 * The fuzz suite's oracle: what every answer of the server must satisfy, whatever it was sent —
 * no 5xx, every 4xx an RFC 9457 problem+json whose `status` matches, no stack trace or SQL text in
 * any body, an answer within 5 s — and a recorder that groups violations by class so one run lists
 * every kind of failure it found (not only the first), with a reproducible example of each.
 */

/**
 * No request may take longer than this to be answered (ms): a hang, not a slow answer. It was 2 s
 * until a plain 400 took 2,198 ms in a full CI run (2 cores, three test files and their servers and
 * browsers at once); answers come in milliseconds on a quiet machine.
 */
export const HANG_MS = 5_000;

/** Text that only a leaked stack trace or a database error puts in a body. */
const LEAK =
  /\n\s+at [^\n]+[(:]\d|\bat (?:async )?\S+ \((?:file|node):|Failed query|\bparams: |DrizzleQueryError|invalid input syntax|violates .* constraint|\brelation "|\bcolumn "|\bPostgresError|\bSQLSTATE|\binsert into\b|\bselect\b[^"]{0,80}\bfrom "/i;

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

export interface Violation {
  /** Short class, e.g. `5xx`, `not-problem-json`, `leak`, `hang`, `ws-1011`. */
  kind: string;
  /** Where: method and path template / probe name. */
  where: string;
  /** One example request (reproducible with the printed seed). */
  example: string;
  /** What came back. */
  got: string;
}

/** Collects violations; `summary()` groups them by kind and place. */
export class Recorder {
  readonly all: Violation[] = [];
  cases = 0;

  add(v: Violation): void {
    this.all.push(v);
  }

  /** One line per (kind, where) with a count and the first example. */
  summary(): string[] {
    const groups = new Map<string, { n: number; v: Violation }>();
    for (const v of this.all) {
      const k = `${v.kind} @ ${v.where}`;
      const g = groups.get(k);
      if (g) g.n++;
      else groups.set(k, { n: 1, v });
    }
    return [...groups.entries()].map(
      ([k, { n, v }]) => `${k} ×${n}: ${v.example.slice(0, 300)} → ${v.got.slice(0, 300)}`,
    );
  }
}

/**
 * Checks one HTTP answer; records each broken rule (`where` names the operation, `example` the
 * request). `allow5xx` lists statuses that are correct there (e.g. none: 503 only while the
 * sandbox loads, which the suite waits out).
 */
export function checkAnswer(
  rec: Recorder,
  a: Answer | { hang: true; ms: number },
  where: string,
  example: string,
  api = true,
): void {
  if ('hang' in a) return rec.add({ kind: 'hang', where, example, got: `no answer in ${a.ms} ms` });
  const got = `${a.status} ${a.headers['content-type'] ?? ''} ${a.body.slice(0, 300)}`;
  if (a.ms > HANG_MS) rec.add({ kind: 'hang', where, example, got: `${a.ms} ms: ${got}` });
  if (a.status >= 500) rec.add({ kind: `${a.status}`, where, example, got });
  if (LEAK.test(a.body)) rec.add({ kind: 'leak(stack/SQL)', where, example, got });
  // Outside /v1 and /sandbox (a path that normalises away, e.g. /v1/../odds) the pages answer, not the API.
  if (api && a.status >= 400 && a.status < 500) {
    if (!(a.headers['content-type'] ?? '').startsWith('application/problem+json'))
      return rec.add({ kind: '4xx-not-problem+json', where, example, got });
    let p: { status?: unknown; code?: unknown; type?: unknown; title?: unknown };
    try {
      p = JSON.parse(a.body);
    } catch {
      return rec.add({ kind: '4xx-unparseable-problem', where, example, got });
    }
    if (
      p.status !== a.status ||
      typeof p.code !== 'string' ||
      typeof p.type !== 'string' ||
      typeof p.title !== 'string'
    )
      rec.add({ kind: '4xx-problem-fields', where, example, got });
  }
}

/** fetch with a HANG_MS deadline, never throwing: the answer, or `{hang}` when none came in time, or `{error}` on a reset. */
export async function timedFetch(
  url: string,
  init: RequestInit,
): Promise<Answer | { hang: true; ms: number } | { error: string; ms: number }> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS + 500) });
    const body = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers), body, ms: Date.now() - started };
  } catch (e) {
    const ms = Date.now() - started;
    if ((e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError') return { hang: true, ms };
    return { error: String((e as Error).cause ?? e), ms };
  }
}
