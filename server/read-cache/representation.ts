/**
 * One serialized answer of a cached read: its JSON bytes, a weak ETag of those bytes, and its
 * gzip and brotli forms, each compressed once (lazily, off the event loop) and kept with it.
 * Framework-free: used by the Node fast path and the WHATWG path alike (server/read-cache).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * What to send for a cached read (server/read-cache/conditional.ts): status 200 or 304, the
 * headers (as an object and as a flat `[name, value, name, value, …]` list, the form
 * `ServerResponse.writeHead` takes without re-reading an object), and the body (empty for 304 and
 * HEAD). Built once per representation and shared: read-only.
 */
export interface ConditionalAnswer {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  headerList: readonly string[];
  body: Buffer;
}

/** A content coding this layer serves. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are (compression would not pay for its header). */
export const MIN_COMPRESS_BYTES = 512;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Quality 5: most of brotli's gain at a fraction of quality 11's time (a 1 MB body in ~15 ms).
const BROTLI_OPTS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

export class Representation {
  /** Weak validator: `W/"<base64url SHA-256 prefix>"` of the identity bytes (the same JSON in any coding). */
  readonly etag: string;
  private readonly coded = new Map<Coding, Buffer | Promise<Buffer>>();
  /** Its answers, built once each by server/read-cache/conditional.ts (key: `304`, a coding, or `head/<coding>`). */
  readonly answers = new Map<string, ConditionalAnswer>();

  /**
   * @param body the JSON bytes (identity coding)
   * @param contentType the response's Content-Type
   * @param cacheControl the response's Cache-Control (cacheControlOf, server/read-cache/reads.ts)
   */
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
  ) {
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    this.coded.set('identity', body);
  }

  /** Whether a client asking for `coding` gets it (small bodies are always identity). */
  codingFor(wanted: Coding): Coding {
    return this.body.length < MIN_COMPRESS_BYTES ? 'identity' : wanted;
  }

  /**
   * The bytes in `coding`: at once when already compressed, else a promise of the compression
   * (shared by every request that asks meanwhile; computed once per representation).
   */
  bytes(coding: Coding): Buffer | Promise<Buffer> {
    const have = this.coded.get(coding);
    if (have) return have;
    const p = (coding === 'br' ? brotli(this.body, BROTLI_OPTS) : gzip(this.body)).then(
      (b) => {
        this.coded.set(coding, b);
        return b;
      },
      (err: unknown) => {
        this.coded.delete(coding); // the next request tries again
        throw err;
      },
    );
    this.coded.set(coding, p);
    return p;
  }
}
