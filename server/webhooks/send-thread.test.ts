import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '@/test/helpers/receivers';
import type { Claimed } from './attempt';
import { SenderGone, SendThread, senderScript } from './send-thread';
import { newSigningSecret } from './signing';

const open: Receiver[] = [];
const threads: SendThread[] = [];
const receiver = async (opts: Parameters<typeof startReceiver>[0] = {}) => {
  const r = await startReceiver(opts);
  open.push(r);
  return r;
};
const thread = (onExit?: (e: Error) => void, onStart?: (id: number) => void) => {
  const t = new SendThread(
    { policy: { allowLoopback: true, allowPrivate: false }, timeoutMs: 2000 },
    { onExit, onStart },
  );
  threads.push(t);
  return t;
};
const claimed = (url: string, secret: string, n: number): Claimed => ({
  id: `dlv_${n}`,
  endpointId: 'we_1',
  messageId: `msg_${n}`,
  attempts: 0,
  url,
  secret,
  failing: false,
  payload: JSON.stringify({ type: 'match.goal', data: { seq: n } }),
  leaseUntil: Date.now() + 60_000,
});

afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
  await Promise.all(open.splice(0).map((r) => r.close()));
});

describe('webhook sender thread', () => {
  it('signs and POSTs in a worker thread: every delivery verifies with standardwebhooks, bodies as claimed', async () => {
    const secret = newSigningSecret();
    const r = await receiver({ secret });
    const t = thread();
    const jobs = Array.from({ length: 20 }, (_, i) => claimed(r.url, secret, i + 1));
    const before = Date.now();
    const outcomes = await Promise.all(jobs.map((c) => t.send(c, secret)));
    expect(outcomes.map((o) => o.r.ok)).toEqual(jobs.map(() => true));
    expect(outcomes.map((o) => o.c)).toEqual(jobs);
    for (const o of outcomes) {
      expect(o.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(o.done.getTime()).toBeGreaterThanOrEqual(o.at.getTime());
    }
    expect(r.received.map((d) => d.verified)).toEqual(jobs.map(() => true));
    expect(r.received.map((d) => d.body).sort()).toEqual(jobs.map((c) => c.payload).sort());
    expect(r.received.map((d) => d.id).sort()).toEqual(jobs.map((c) => c.messageId).sort());
  });

  it('reports failures as outcomes (a 500, a refused connection), not as rejections', async () => {
    const secret = newSigningSecret();
    const failing = await receiver({ status: 500 });
    const gone = await receiver();
    const goneUrl = gone.url;
    await gone.close();
    const t = thread();
    const [a, b] = await Promise.all([
      t.send(claimed(failing.url, secret, 1), secret),
      t.send(claimed(goneUrl, secret, 2), secret),
    ]);
    expect(a.r).toMatchObject({ ok: false, status: 500 });
    expect(b.r.ok).toBe(false);
    expect(b.r.status).toBeNull();
    expect(b.r.error).toMatch(/ECONNREFUSED/);
  });

  it('a thread that dies rejects the attempts in it with SenderGone, and the next send starts a new one', async () => {
    const secret = newSigningSecret();
    const slow = await receiver({ delayMs: 1500 });
    const fast = await receiver({ secret });
    const exits: Error[] = [];
    const starts: number[] = [];
    const t = thread(
      (e) => exits.push(e),
      (id) => starts.push(id),
    );
    const inFlight = t.send(claimed(slow.url, secret, 1), secret);
    await new Promise((r) => setTimeout(r, 300));
    // Kill the thread under the attempt (as a crash would).
    await (t as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(inFlight).rejects.toBeInstanceOf(SenderGone);
    expect(exits).toHaveLength(1);
    expect(t.pending).toBe(0);
    const next = await t.send(claimed(fast.url, secret, 2), secret);
    expect(next.r.ok).toBe(true);
    expect(fast.received.map((d) => d.verified)).toEqual([true]);
    expect(starts).toHaveLength(2);
    expect(starts[1]).not.toBe(starts[0]);
  });

  it('a closed sender refuses new attempts', async () => {
    const t = thread();
    await t.close();
    await expect(t.send(claimed('http://127.0.0.1:9/', 'whsec_AAAA', 1), 'whsec_AAAA')).rejects.toBeInstanceOf(
      SenderGone,
    );
  });

  it('runs the bundled script beside the server bundle, else the TypeScript source through tsx', () => {
    expect(senderScript('file:///srv/scoreline/.server-build/index.mjs')).toEqual({
      file: '/srv/scoreline/.server-build/webhook-sender.mjs',
      eval: false,
    });
    const dev = senderScript();
    expect(dev.eval).toBe(true);
    expect(dev.file).toContain('send-worker.ts');
    expect(dev.file).toContain('register()');
  });
});
