/**
 * What happens when an API response is over — the access log line, the request metrics, the feed
 * health counters — as observers of one 'close' listener per response (a ServerResponse emits
 * 'close' once: after 'finish', or when the connection drops before the response ended).
 *
 * The observers run in batches: a response's close records what they need (the elapsed time, the
 * epoch ms, whether it finished), and the responses closed during one turn of the event loop are
 * handed to each observer in turn right after it (setImmediate), then each observer's `flush`.
 * One observer's code then runs over many responses at a time instead of all of them interleaved
 * per response — measured on `/v1/football/live` (bench/rest.ts, bench/README.md "REST reads").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Called once per response after it closed: `elapsedMs` from the request being observed to its
 * close (ms, fractional), `finished` whether the whole response was handed to the socket (false:
 * the client went away first, which metrics and the log count as 499 / failed), `atMs` the epoch
 * ms of the close. `flush`, when present, is called after each batch.
 */
export type ResponseObserver = ((
  req: IncomingMessage,
  res: ServerResponse,
  elapsedMs: number,
  finished: boolean,
  atMs: number,
) => void) & { flush?: () => void };

/** One closed response waiting for its observers. */
interface Closed {
  req: IncomingMessage;
  res: ServerResponse;
  elapsedMs: number;
  finished: boolean;
  atMs: number;
}

/**
 * Returns `observe(req, res)`: call it when an API request arrives; every observer sees the
 * response once, in order, shortly after it closes (the same turn of the event loop's check
 * phase). An observer that throws is reported to `onError` and stops neither the others nor its
 * own next responses.
 */
export function observeResponses(
  observers: ResponseObserver[],
  onError: (err: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  let batch: Closed[] = [];
  const flush = () => {
    const closed = batch;
    batch = [];
    for (const o of observers) {
      for (let i = 0; i < closed.length; i++) {
        const c = closed[i];
        try {
          o(c.req, c.res, c.elapsedMs, c.finished, c.atMs);
        } catch (err) {
          onError(err);
        }
      }
      if (o.flush) {
        try {
          o.flush();
        } catch (err) {
          onError(err);
        }
      }
    }
  };
  // One listener function shared by every response (no closure per response): the response is `this`.
  function closed(this: Watched) {
    if (!batch.length) setImmediate(flush);
    batch.push({
      req: this.req,
      res: this,
      elapsedMs: performance.now() - this[STARTED]!,
      finished: this.writableFinished,
      atMs: Date.now(),
    });
  }
  return (req, res) => {
    (res as Watched)[STARTED] = performance.now();
    res.on('close', closed);
  };
}

/** When a watched response's request was observed (performance.now() ms). */
const STARTED = Symbol('observedAt');
type Watched = ServerResponse & { [STARTED]?: number };
