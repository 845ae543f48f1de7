/**
 * GET /clients/ — the client packages built by scripts/build-clients.mjs (CLIENTS_DIR, default
 * `.clients/`): the Node tarball `scoreline-client-<version>.tgz` and the Python wheel and sdist
 * `scoreline-<version>-py3-none-any.whl` / `scoreline-<version>.tar.gz`, so an API client on this
 * host installs with one line (`npm install http://host/clients/scoreline-client-0.1.0.tgz`,
 * `pip install http://host/clients/scoreline-0.1.0-py3-none-any.whl`). No key needed: the
 * packages are public, like the docs. `/clients/` lists them as JSON with install lines.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

/** Content type per file extension; anything else is not served. */
const TYPES: [suffix: string, type: string][] = [
  ['.tgz', 'application/gzip'],
  ['.tar.gz', 'application/gzip'],
  ['.whl', 'application/zip'],
];

/** One served package: file name, size in bytes, SHA-256 (hex) and its URL path. */
export interface ClientFile {
  name: string;
  size: number;
  sha256: string;
  path: string;
}

const hashes = new Map<string, { mtimeMs: number; size: number; sha256: string }>();

/** The packages in `dir` (sorted by name), with sizes and SHA-256 digests; [] when the directory does not exist. */
export function listClientFiles(dir: string): ClientFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: ClientFile[] = [];
  for (const name of names.sort()) {
    if (!TYPES.some(([s]) => name.endsWith(s))) continue;
    const file = path.join(dir, name);
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    let h = hashes.get(file);
    if (!h || h.mtimeMs !== st.mtimeMs || h.size !== st.size) {
      h = {
        mtimeMs: st.mtimeMs,
        size: st.size,
        sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
      };
      hashes.set(file, h);
    }
    out.push({ name, size: st.size, sha256: h.sha256, path: `/clients/${name}` });
  }
  return out;
}

function sendProblem(
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  instance: string,
  headers: Record<string, string> = {},
): void {
  const code = status === 404 ? 'not_found' : 'method_not_allowed';
  res.writeHead(status, { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ type: `/docs/errors#${code}`, title, status, detail, instance, code }));
}

/**
 * Answers a request whose path is `/clients` or starts with `/clients/`: GET/HEAD of the index
 * (JSON `{files, install}`) or of one package (bytes, ETag = SHA-256). 404 problem+json for an
 * unknown name (also when the packages were not built: `npm run build`), 405 for other methods.
 */
export function handleClients(req: http.IncomingMessage, res: http.ServerResponse, dir: string): void {
  const pathname = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendProblem(res, 405, 'Method Not Allowed', 'Only GET and HEAD are allowed here.', pathname, {
      allow: 'GET, HEAD',
    });
  const files = listClientFiles(dir);
  const head = req.method === 'HEAD';
  if (pathname === '/clients' || pathname === '/clients/') {
    const host = req.headers.host ?? 'localhost:3000';
    const base = `http://${host}`;
    const node = files.find((f) => f.name.endsWith('.tgz'));
    const wheel = files.find((f) => f.name.endsWith('.whl'));
    const body = JSON.stringify({
      files: files.map((f) => ({ ...f, url: base + f.path })),
      install: {
        node: node ? `npm install ${base}${node.path}` : null,
        python: wheel ? `pip install ${base}${wheel.path}` : null,
      },
    });
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'no-cache',
      'content-length': Buffer.byteLength(body),
    });
    return void res.end(head ? undefined : body);
  }
  let name: string;
  try {
    name = decodeURIComponent(pathname.slice('/clients/'.length));
  } catch {
    name = pathname.slice('/clients/'.length); // malformed %-escape: matches no package, answered 404
  }
  const file = files.find((f) => f.name === name);
  if (!file)
    return sendProblem(
      res,
      404,
      'Not Found',
      files.length
        ? `No client package named "${name}"; GET /clients/ lists them.`
        : 'The client packages are not built on this server (npm run build builds them).',
      pathname,
    );
  const etag = `"${file.sha256}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag });
    return void res.end();
  }
  const type = TYPES.find(([s]) => name.endsWith(s))![1];
  res.writeHead(200, {
    'content-type': type,
    'content-length': file.size,
    etag,
    'cache-control': 'no-cache',
    'content-disposition': `attachment; filename="${name}"`,
  });
  if (head) return void res.end();
  fs.createReadStream(path.join(dir, name))
    .on('error', () => res.destroy())
    .pipe(res);
}
