import { EventEmitter } from 'node:events';
import type { FeedMessage } from './types';

/**
 * In-process bus: the feed engine publishes every stored event (in `seq` order, after commit);
 * the WebSocket gateway and live cache subscribe. Listeners must not throw.
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
  /** Subscribes to every published message; returns the unsubscribe function. */
  subscribe(listener: (m: FeedMessage) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
