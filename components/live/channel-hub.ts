/**
 * On-demand WebSocket channels on the tab's one live connection (e.g. `football.odds`): components
 * listen to a channel; the first listener subscribes it on the connection, the last one leaving
 * unsubscribes it. The connection resends its subscriptions after every reconnect, so an on-demand
 * channel survives drops like the always-on `<sport>.live` ones. Listeners get the channel's
 * `subscribed` messages too (after each (re)subscription), so they can refetch what they may have
 * missed.
 */
import type { ServerMessage, Subscription } from '@/browser/live/live-connection';

/** The part of LiveConnection the hub drives. */
export interface SubscriptionSink {
  addSubscription(sub: Subscription): void;
  removeSubscription(sub: Subscription): void;
}

export type ChannelListener = (msg: ServerMessage) => void;

export class ChannelHub {
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private sink: SubscriptionSink | null = null;

  /** Connects the hub to a connection: every channel with listeners is subscribed on it. */
  attach(sink: SubscriptionSink): void {
    this.sink = sink;
    for (const channel of this.listeners.keys()) sink.addSubscription({ channel });
  }

  /** Forgets the connection (it is being stopped); listeners stay registered for the next one. */
  detach(sink: SubscriptionSink): void {
    if (this.sink === sink) this.sink = null;
  }

  /**
   * Listens to `channel` (e.g. "football.odds"); subscribes it when it is the first listener.
   * Returns the function that stops listening (and unsubscribes after the last listener).
   */
  listen(channel: string, listener: ChannelListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.sink?.addSubscription({ channel });
    }
    set.add(listener);
    return () => {
      const s = this.listeners.get(channel);
      if (!s?.delete(listener) || s.size) return;
      this.listeners.delete(channel);
      this.sink?.removeSubscription({ channel });
    };
  }

  /** Whether a server message belongs to a channel the hub manages; if so, hands it to its listeners. */
  dispatch(msg: ServerMessage): boolean {
    const set = typeof msg.channel === 'string' ? this.listeners.get(msg.channel) : undefined;
    if (!set) return false;
    for (const l of [...set]) l(msg);
    return true;
  }
}
