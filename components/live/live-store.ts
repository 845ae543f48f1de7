/**
 * The dashboard's live state (zustand): every match the WebSocket reports, the connection state,
 * and when each match last scored (cards flash on a goal). One store per browser tab, created by
 * LiveProvider; server renders never touch it (pages pass their first-paint data as props and
 * components prefer whichever is newer by `seq`).
 */
import { createStore } from 'zustand/vanilla';
import type { ConnectionState } from '@/browser/live/live-connection';
import type { LiveMatch } from '@/lib/wire/schemas';

export interface LiveStoreState {
  connection: ConnectionState;
  /** Completed reconnects since the page opened. */
  reconnects: number;
  /** Highest event seq seen. */
  seq: number;
  /** Sports whose snapshot arrived on the current connection. */
  synced: Record<string, true>;
  /** Latest live shape (spec 2.1) per fixture_id. */
  matches: Record<number, LiveMatch>;
  /** fixture_id → Date.now() when its score last changed (drives the goal flash). */
  scoredAt: Record<number, number>;
  setConnection(state: ConnectionState, reconnects: number): void;
  /** Replaces a sport's matches with a `subscribed` snapshot. */
  applySnapshot(sport: string, snapshot: LiveMatch[], seq: number): void;
  /** Applies an `update`; older seqs than what is held are ignored. */
  applyUpdate(data: LiveMatch, seq: number): void;
}

export type LiveStore = ReturnType<typeof createLiveStore>;

/** A fresh store (one per tab). */
export function createLiveStore() {
  return createStore<LiveStoreState>()((set) => ({
    connection: 'connecting',
    reconnects: 0,
    seq: 0,
    synced: {},
    matches: {},
    scoredAt: {},
    setConnection: (connection, reconnects) =>
      set((s) => (connection === 'open' ? { connection, reconnects } : { connection, reconnects, synced: {} })),
    applySnapshot: (sport, snapshot, seq) =>
      set((s) => {
        const matches: Record<number, LiveMatch> = {};
        for (const [id, m] of Object.entries(s.matches)) if (m.sport !== sport) matches[Number(id)] = m;
        for (const m of snapshot) matches[m.fixture_id] = m;
        return { matches, seq: Math.max(s.seq, seq), synced: { ...s.synced, [sport]: true } };
      }),
    applyUpdate: (data, seq) =>
      set((s) => {
        const prev = s.matches[data.fixture_id];
        if (prev && prev.seq > data.seq) return { seq: Math.max(s.seq, seq) };
        const scored = prev && (prev.score.home !== data.score.home || prev.score.away !== data.score.away);
        return {
          seq: Math.max(s.seq, seq),
          matches: { ...s.matches, [data.fixture_id]: data },
          scoredAt: scored ? { ...s.scoredAt, [data.fixture_id]: Date.now() } : s.scoredAt,
        };
      }),
  }));
}

/** The newer of a server-rendered match and the store's copy (by seq). */
export function newer(initial: LiveMatch | undefined, live: LiveMatch | undefined): LiveMatch | undefined {
  if (!initial) return live;
  if (!live) return initial;
  return live.seq >= initial.seq ? live : initial;
}
