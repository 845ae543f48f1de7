/**
 * GET /docs/api/scalar/… — the API reference renderer of /docs/api, served from this host: the
 * browser build of `@scalar/api-reference` (node_modules/@scalar/api-reference/dist/browser), its
 * ES module entry `standalone.esm.js` and the chunks it imports lazily (`chunks/<name>-<hash>.js`).
 * No CDN, no external font (the page turns Scalar's default fonts off). Only those files are
 * served (no source maps, nothing outside the folder); gzip when the client accepts it, compressed
 * once per file and kept in memory. The chunks' names carry their content hash, so they are
 * `immutable`; the entry's name does not, so it is revalidated (ETag, 304).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { ROOT } from '../root';

/** The URL prefix of the renderer's files; the page loads `${SCALAR_PREFIX}standalone.esm.js`. */
export const SCALAR_PREFIX = '/docs/api/scalar/';

/** The served names: the entry module and its chunks (source maps and anything else are not). */
const SERVED = /^(standalone\.esm\.js|chunks\/[A-Za-z0-9_.-]+\.js)$/;

interface Asset {
  raw: Buffer;
  gzip: Buffer;
  etag: string;
}

const gzip = promisify(gzipCb);
const cache = new Map<string, Promise<Asset | null>>();
let browserDir: string | null = null;

/** node_modules/@scalar/api-reference/dist/browser, resolved from the checkout's root like Node would. Errors: throws when the package is not installed. */
function scalarBrowserDir(): string {
  // The package's `exports` map names only dist/index.js: its folder is found from there.
  browserDir ??= path.join(
    path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('@scalar/api-reference')),
    'browser',
  );
  return browserDir;
}

/** The file `name` (a {@link SERVED} name), read and gzipped (off the event loop) once; null when it does not exist. */
function load(name: string): Promise<Asset | null> {
  let a = cache.get(name);
  if (!a) {
    a = Promise.resolve()
      .then(() => fs.promises.readFile(path.join(scalarBrowserDir(), name)))
      .then(
        async (raw) => ({
          raw,
          gzip: await gzip(raw),
          etag: `"${createHash('sha256').update(raw).digest('base64url')}"`,
        }),
        () => {
          cache.delete(name); // a missing name is not kept: the map holds real files only
          return null;
        },
      );
    cache.set(name, a);
  }
  return a;
}

/**
 * Answers a request whose path starts with {@link SCALAR_PREFIX}: 200 with the file (GET, HEAD),
 * 304 when If-None-Match matches, 404 for any other name, 405 for other methods. Bad input never
 * throws; a missing package is a 404 for every name.
 */
export async function handleScalarAsset(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const name = decodeURIComponentSafe((req.url ?? '').split('?')[0].slice(SCALAR_PREFIX.length));
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('method not allowed');
  }
  const asset = name && SERVED.test(name) ? await load(name) : null;
  if (!asset) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('not found');
  }
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': name?.startsWith('chunks/') ? 'public, max-age=31536000, immutable' : 'public, no-cache',
    etag: asset.etag,
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzipped ? asset.gzip : asset.raw;
  res.writeHead(200, {
    ...headers,
    'content-length': body.length,
    ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** decodeURIComponent, or null for a malformed escape. */
function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
