/**
 * @scoreline/client — the official Node client of Scoreline (README.md): REST with retries and
 * pagination, a live WebSocket stream that reconnects and resumes without gaps or duplicates, and
 * webhook verification.
 */
export { ScorelineRest, type ScorelineRestOptions, type Page, type QueryParams } from './rest';
export { ScorelineStream } from './stream';
export type {
  ScorelineStreamOptions,
  ScorelineStreamEvents,
  StreamState,
  StreamStats,
  Snapshot,
  ResyncEvent,
  GapEvent,
  WsLike,
  WebSocketCtor,
} from './stream-types';
export { verifyWebhook, WebhookVerificationError, type WebhookEnvelope, type WebhookRequestHeaders } from './webhooks';
export {
  ScorelineApiError,
  ScorelineNetworkError,
  ScorelineStreamError,
  type ProblemBody,
  type StreamErrorCode,
} from './errors';
export { backoffDelay, backoffWindow, parseRetryAfter, type BackoffOptions } from './backoff';
export { SeqTracker, type SeqVerdict } from './sequencer';
export { buildResumeMessage, normalizeSubscription, subscriptionKey } from './subscriptions';
export { decideAfterClose, decideAfterRefusal, type DropDecision } from './close-codes';
export * from './protocol';
