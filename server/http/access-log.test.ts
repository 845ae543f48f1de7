/**
 * The access log over a real node:http server: one line per response, written by the response
 * observer (server/http/response-observer.ts). The info line is serialized by hand, so it is
 * checked against the line pino itself writes for the same fields, with a URL and request id full
 * of JSON's special characters; a response the client abandons is an error line, counted 499.
 */
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { attachMeta, createAccessLog } from './access-log';
import { observeResponses } from './response-observer';

/** A pino logger (bindings as server/start.ts sets them) whose lines land in `lines`. */
function capturingLogger(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: pino({ level, base: { service: 'scoreline' } }, stream), lines };
}

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

/** A server that logs every request and answers after `delayMs`: 503 when the path has `fail`, else 200; resolves its port. */
async function serve(log: pino.Logger, delayMs = 0): Promise<{ port: number; observed: number[] }> {
  const access = createAccessLog(log);
  const observed: number[] = [];
  const observe = observeResponses(
    [access.observer, (_req, res, _ms, finished) => observed.push(finished ? res.statusCode : 499)],
    (err) => {
      throw err;
    },
  );
  server = http.createServer((req, res) => {
    access.begin(req);
    attachMeta(req, { ip: '127.0.0.1', principal: 'key:7' });
    observe(req, res);
    setTimeout(
      () => res.writeHead(req.url?.includes('fail') ? 503 : 200, { 'content-type': 'text/plain' }).end('ok'),
      delayMs,
    );
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server.address() as net.AddressInfo).port, observed };
}

/** Sends a raw request line and headers; resolves when the server closes or answers. */
function raw(port: number, target: string, headers: string, keepOpenMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(`GET ${target} HTTP/1.1\r\nhost: x\r\n${headers}\r\n`));
    let got = '';
    s.on('data', (d) => {
      got += d;
      if (!keepOpenMs) s.end();
    });
    s.on('close', () => resolve(got));
    s.on('error', reject);
    if (keepOpenMs) setTimeout(() => s.destroy(), keepOpenMs);
  });
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('access log', () => {
  it('writes the line pino writes, as valid JSON, for a URL and request id full of special characters', async () => {
    const { log, lines } = capturingLogger();
    const { port } = await serve(log);
    const target = '/v1/football/live?q="a\\b"&x=%22%5C&u={}';
    const id = 'rid-"quoted"\\back{}';
    await raw(port, target, `x-request-id: ${id}\r\n`);
    await until(() => lines.length > 0);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 30,
      service: 'scoreline',
      reqId: id,
      req: { id, method: 'GET', url: target, ip: '127.0.0.1' },
      res: { status: 200 },
      principal: 'key:7',
      msg: 'GET /v1/football/live 200',
    });
    expect(typeof line.time).toBe('number');
    expect(Math.abs(line.time - Date.now())).toBeLessThan(5000);
    expect(typeof line.responseTime).toBe('number');
    // The same fields through pino's own serializer give the same line, key for key and in order.
    const { log: ref, lines: refLines } = capturingLogger();
    const { level: _l, time: _t, service: _s, msg, ...fields } = line;
    ref.info(fields, msg);
    await until(() => refLines.length > 0);
    const expected = JSON.parse(refLines[0]);
    expect(Object.keys(line)).toEqual(Object.keys(expected));
    expect({ ...line, time: 0 }).toEqual({ ...expected, time: 0 });
  });

  it('a client that goes away before the answer is an error line and a 499 for the other observers', async () => {
    const { log, lines } = capturingLogger();
    const { port, observed } = await serve(log, 300);
    await raw(port, '/v1/football/fixtures', '', 50);
    await until(() => lines.length > 0);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: 50, msg: 'GET /v1/football/fixtures 200 (failed)' });
    expect(observed).toEqual([499]);
  });

  it('a 5xx is an error line; below the info level nothing else is written', async () => {
    const { log, lines } = capturingLogger('warn');
    const { port, observed } = await serve(log);
    await raw(port, '/v1/fail', '');
    await raw(port, '/v1/ok', '');
    await until(() => observed.length === 2);
    expect(observed).toEqual([503, 200]);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ level: 50, msg: 'GET /v1/fail 503' }]);
  });
});
