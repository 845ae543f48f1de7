/**
 * Where rate-limit counters live: in this process's memory by default, or in Redis when
 * REDIS_URL is set, so every Scoreline process behind one load balancer shares the same counts
 * (rate-limiter-flexible's RateLimiterMemory / RateLimiterRedis; a Redis outage falls back to an
 * in-memory insurance limiter instead of failing requests).
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Creates limiters that share one counter store. */
export class LimiterStore {
  private constructor(
    private readonly redis: Redis | null,
    /** Prefix of every counter key (lets test runs and deployments share one Redis). */
    private readonly prefix: string,
  ) {}

  /** In-process counters. */
  static memory(prefix = 'sl'): LimiterStore {
    return new LimiterStore(null, prefix);
  }

  /**
   * Counters in the Redis at `url` (redis://…). Resolves once connected.
   * Errors: rejects when Redis cannot be reached within 5 s.
   */
  static async redis(url: string, prefix = 'sl'): Promise<LimiterStore> {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
      lazyConnect: true,
    });
    client.on('error', () => undefined); // reconnects by itself; requests meanwhile use the insurance limiter
    await client.connect();
    return new LimiterStore(client, prefix);
  }

  /** "redis" or "memory". */
  get kind(): 'redis' | 'memory' {
    return this.redis ? 'redis' : 'memory';
  }

  /** A limiter of `points` per `durationS` seconds, its counters named `<prefix>:<name>:<key>`. */
  create(name: string, points: number, durationS: number): RateLimiterAbstract {
    const keyPrefix = `${this.prefix}:${name}`;
    if (!this.redis) return new RateLimiterMemory({ keyPrefix, points, duration: durationS });
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix,
      points,
      duration: durationS,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:insurance`, points, duration: durationS }),
    });
  }

  /** Closes the Redis connection, if any. */
  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
