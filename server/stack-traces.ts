/**
 * Stack traces of the server bundle (.server-build/index.mjs, scripts/build-server.mjs) name the
 * TypeScript sources (`server/start.ts:212:5`), with the bundle's source map read only when a stack
 * is first formatted. Node's own `--enable-source-maps` reads and parses the map of every module as
 * it loads — Next's compiled server chunks included — whether or not a stack is ever formatted
 * (bench/README.md "Server start-up").
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A V8 call site: the parts of it a stack line is made of. */
type CallSite = NodeJS.CallSite;

/**
 * Maps frames of `bundleFile` (an absolute path, whose map is `<bundleFile>.map`) to their sources in
 * every stack formatted from now on (Error.prepareStackTrace); other frames are printed as V8 does.
 * The map is read once, on the first stack that has a frame in the bundle; when it cannot be read,
 * frames stay as they are. Returns a function that restores the previous Error.prepareStackTrace.
 */
export function mapBundleStackTraces(bundleFile: string): () => void {
  const bundleUrl = `file://${bundleFile}`;
  const dir = path.dirname(bundleFile);
  let map: SourceMap | null | undefined;
  const load = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(`${bundleFile}.map`, 'utf8')));
      } catch {
        map = null;
      }
    }
    return map;
  };
  /** `site` as V8 prints it, its position in the bundle replaced by the source's. */
  const frame = (site: CallSite): string => {
    const text = String(site);
    const file = site.getFileName();
    if (file !== bundleUrl && file !== bundleFile) return text;
    const m = load();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!m || line == null || column == null) return text;
    const entry = m.findEntry(line - 1, column - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (entry.originalSource == null || entry.originalLine == null || entry.originalColumn == null) return text;
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(dir, entry.originalSource);
    const at = `${file}:${line}:${column}`;
    const mapped = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    return text.includes(at) ? text.replace(at, mapped) : `${text} (${mapped})`;
  };
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (error: Error, sites: CallSite[]) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    return head + sites.map((s) => `\n    at ${frame(s)}`).join('');
  };
  return () => {
    Error.prepareStackTrace = previous;
  };
}
