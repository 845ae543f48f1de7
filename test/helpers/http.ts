/** A JSON request to the test server: `body` is sent as JSON (a string as is), `key` as a bearer key. */
export async function requestJson(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  key: string | null,
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
