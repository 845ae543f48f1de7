/**
 * The dashboard's REST reads: same-origin GETs of /v1 with the viewer-session cookie and the
 * `x-scoreline-viewer: 1` header (server/auth/viewer-session.ts). Errors: throws ViewerFetchError
 * carrying the problem+json `code` and HTTP status.
 */
export class ViewerFetchError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** GETs a /v1 path (with its query string) and returns the parsed JSON body. */
export async function viewerFetch<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    headers: { 'x-scoreline-viewer': '1', accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ViewerFetchError(res.status, body.code ?? 'http_error', body.detail ?? `HTTP ${res.status}`);
  }
  return (await res.json()) as T;
}
