/**
 * What happens when an API response is over — the access log line, the request metrics, the feed
 * health counters — as observers of one 'close' listener per response (a ServerResponse emits
 * 'close' once: after 'finish', or when the connection drops before the response ended).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Called once per response when it closes: `elapsedMs` since the request was observed (ms,
 * fractional), `finished` whether the whole response was handed to the socket (false: the
 * client went away first, which metrics and the log count as 499 / failed).
 */
export type ResponseObserver = (
  req: IncomingMessage,
  res: ServerResponse,
  elapsedMs: number,
  finished: boolean,
) => void;

/**
 * Returns `observe(req, res)`: call it when an API request arrives; every observer runs once, in
 * order, when its response closes. An observer that throws is reported to `onError` and does not
 * stop the others.
 */
export function observeResponses(
  observers: ResponseObserver[],
  onError: (err: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    res.on('close', () => {
      const elapsed = performance.now() - started;
      const finished = res.writableFinished;
      for (const o of observers) {
        try {
          o(req, res, elapsed, finished);
        } catch (err) {
          onError(err);
        }
      }
    });
  };
}
