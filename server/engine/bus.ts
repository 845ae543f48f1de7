import { EventEmitter } from 'node:events';
import type { FeedMessage, OddsMessage } from './types';

/**
 * In-process bus: the feed engine publishes every stored event and every stored odds tick (in
 * `seq` order, after commit); the WebSocket gateway and live cache subscribe. Listeners must not throw.
 */
export class FeedBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  /** Publishes committed messages in order. */
  publish(messages: FeedMessage[]): void {
    for (const m of messages) this.emitter.emit('event', m);
  }
  /** Publishes committed odds ticks (one message per fixture and batch), in order. */
  publishOdds(messages: OddsMessage[]): void {
    for (const m of messages) this.emitter.emit('odds', m);
  }
  /** Subscribes to every published odds message; returns the unsubscribe function. */
  subscribeOdds(listener: (m: OddsMessage) => void): () => void {
    this.emitter.on('odds', listener);
    return () => this.emitter.off('odds', listener);
  }
  /** Subscribes to every published message; returns the unsubscribe function. */
  subscribe(listener: (m: FeedMessage) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
