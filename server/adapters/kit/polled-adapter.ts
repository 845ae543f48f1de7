/**
 * What every polled source configured by {@link SourceSettings} shares (docs/adapters.md "The
 * kit"): the runner's pacing read from the settings (idle and live intervals in ms, the requests
 * per minute the upstream allows), the upstream's base URL, and the team filter of `<SOURCE>_TEAMS`.
 * NHL, NBA, MLB and OpenDota extend it; each says only its `name` and how it polls.
 */
import type { SourceSettings } from '../../config-sources';
import type { AdapterBatch, PollContext, SourceAdapter } from '../types';

export abstract class PolledAdapter implements SourceAdapter {
  abstract readonly name: string;
  /** Poll interval when no followed game is live, in ms (settings.idleIntervalMs). */
  readonly intervalMs: number;
  /** Poll interval while a followed game is live, in ms. */
  readonly liveIntervalMs: number;
  /** The upstream's allowance, requests per minute (the client's budget). */
  readonly requestsPerMinute: number;
  /** The upstream's base URL without trailing slashes, e.g. `http://127.0.0.1:4010`. */
  protected readonly baseUrl: string;

  constructor(protected readonly settings: SourceSettings) {
    this.intervalMs = settings.idleIntervalMs;
    this.liveIntervalMs = settings.liveIntervalMs;
    this.requestsPerMinute = settings.requestsPerMinute;
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
  }

  /** Polls once (the contract of {@link SourceAdapter.poll}). */
  abstract poll(ctx: PollContext): Promise<AdapterBatch>;

  /**
   * True when the settings' team list (upper-cased names or codes) is empty or holds one of
   * `names` in any case; missing names never match.
   */
  protected followsTeams(names: readonly (string | null | undefined)[]): boolean {
    const teams = this.settings.teams;
    return !teams.length || names.some((n) => n != null && teams.includes(n.toUpperCase()));
  }
}
