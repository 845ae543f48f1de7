/**
 * Response observers over a real node:http server: every response is observed exactly once, after
 * it closed, with its status, elapsed time and close time; responses closed in one turn of the
 * event loop reach each observer as one batch followed by its `flush`; an observer that throws is
 * reported and stops neither the other observers nor its own next responses.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { observeResponses, type ResponseObserver } from './response-observer';

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

/** A server observing every response with `observers`; `/slow` answers after 50 ms, `/fail` with 503. */
async function serve(observers: ResponseObserver[], errors: unknown[]): Promise<string> {
  const observe = observeResponses(observers, (err) => errors.push(err));
  server = http.createServer((req, res) => {
    observe(req, res);
    const answer = () => res.writeHead(req.url === '/fail' ? 503 : 200).end('ok');
    if (req.url === '/slow') setTimeout(answer, 50);
    else answer();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 300 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('observeResponses', () => {
  it('observes each response once after it closed; one turn’s responses form one batch, then flush', async () => {
    const seen: { url: string; status: number; ms: number; at: number; finished: boolean }[] = [];
    const batches: number[] = [];
    let inBatch = 0;
    const record: ResponseObserver = (req, res, ms, finished, at) => {
      inBatch += 1;
      seen.push({ url: req.url ?? '', status: res.statusCode, ms, at, finished });
    };
    record.flush = () => {
      batches.push(inBatch);
      inBatch = 0;
    };
    const errors: unknown[] = [];
    const base = await serve([record], errors);
    const before = Date.now();
    await Promise.all(['/a', '/b', '/fail', '/slow'].map((p) => fetch(base + p).then((r) => r.text())));
    await until(() => seen.length === 4);
    expect(seen.map((s) => s.url).sort()).toEqual(['/a', '/b', '/fail', '/slow']);
    expect(seen.find((s) => s.url === '/fail')!.status).toBe(503);
    expect(seen.every((s) => s.finished && s.at >= before && s.at <= Date.now())).toBe(true);
    expect(seen.find((s) => s.url === '/slow')!.ms).toBeGreaterThanOrEqual(45);
    // Every response was in exactly one batch, and every batch was flushed.
    expect(batches.reduce((a, b) => a + b, 0)).toBe(4);
    expect(batches.every((n) => n > 0)).toBe(true);
    // The slow response closed in a later turn than the three quick ones.
    expect(batches.length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(4); // nothing observed twice
    expect(errors).toEqual([]);
  });

  it('an observer that throws is reported; the others and its own next responses are still observed', async () => {
    const errors: unknown[] = [];
    const calls: string[] = [];
    const throwing: ResponseObserver = (req) => {
      calls.push(`t ${req.url}`);
      if (req.url === '/a') throw new Error('observer failed on /a');
    };
    throwing.flush = () => {
      throw new Error('flush failed');
    };
    const after: ResponseObserver = (req) => void calls.push(`o ${req.url}`);
    const base = await serve([throwing, after], errors);
    await fetch(`${base}/a`).then((r) => r.text());
    await until(() => calls.includes('o /a'));
    await fetch(`${base}/b`).then((r) => r.text());
    await until(() => calls.includes('o /b'));
    expect(calls).toEqual(['t /a', 'o /a', 't /b', 'o /b']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['observer failed on /a', 'flush failed', 'flush failed']);
  });
});
