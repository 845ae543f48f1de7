import { describe, expect, it } from 'vitest';
import { LiveConnection } from './live-connection';

/** A fake socket class recording what each instance was sent. */
function fakeSockets() {
  const sockets: FakeWs[] = [];
  class FakeWs {
    readyState = 0;
    sent: string[] = [];
    onopen: ((ev: unknown) => void) | null = null;
    onclose: ((ev: { code: number; reason: string }) => void) | null = null;
    onerror: ((ev: unknown) => void) | null = null;
    onmessage: ((ev: { data: unknown }) => void) | null = null;
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(d: string) {
      this.sent.push(d);
    }
    close() {
      this.readyState = 3;
    }
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
  }
  return { sockets, FakeWs };
}

describe('LiveConnection subscriptions', () => {
  it('adds and removes channels while open and resubscribes the current set after a reconnect', async () => {
    const { sockets, FakeWs } = fakeSockets();
    const conn = new LiveConnection({
      url: 'ws://x/v1/ws',
      subscriptions: [{ channel: 'football.live' }],
      onMessage: () => undefined,
      WebSocketImpl: FakeWs,
      backoff: { baseMs: 1, maxMs: 1, minMs: 1 },
    });
    conn.addSubscription({ channel: 'football.odds' }); // before the socket opens: sent on open
    conn.start();
    sockets[0].open();
    expect(sockets[0].sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'subscribe', channel: 'football.live' },
      { type: 'subscribe', channel: 'football.odds' },
    ]);
    conn.addSubscription({ channel: 'tennis.odds' });
    conn.addSubscription({ channel: 'tennis.odds' });
    conn.removeSubscription({ channel: 'football.odds' });
    expect(sockets[0].sent.slice(2).map((s) => JSON.parse(s))).toEqual([
      { type: 'subscribe', channel: 'tennis.odds' },
      { type: 'unsubscribe', channel: 'football.odds' },
    ]);
    sockets[0].onclose?.({ code: 1006, reason: '' });
    await new Promise((r) => setTimeout(r, 20));
    sockets[1].open();
    expect(sockets[1].sent.map((s) => JSON.parse(s).channel)).toEqual(['football.live', 'tennis.odds']);
    conn.stop();
  });
});
