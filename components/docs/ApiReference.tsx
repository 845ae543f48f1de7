/** The /v1 reference page, rendered on the server from the OpenAPI document (server/api/openapi-document.ts). */
import { buildOpenApi } from '@/server/api/openapi-document';

type Json = Record<string, any>;

/** Example query (after the path) per operation, for the cURL lines. */
const EXAMPLE: Record<string, string> = {
  getLive: '',
  getMatchesLive: '?league=premier-league',
  getMatch: '',
  getFixtures: '?league=premier-league&limit=5',
  getResults: '?league=premier-league&season=2023-24&limit=5',
  getStandings: '?league=premier-league&season=2023-24',
  getOdds: '?match_id=FIXTURE_ID',
};

/** A short type label for a JSON Schema: `Fixture[]`, `integer | null`, `"home" | "away"`. */
export function typeLabel(s: Json | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.anyOf) return (s.anyOf as Json[]).map(typeLabel).join(' | ');
  if (s.enum) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.type === 'array') return `${typeLabel(s.items)}[]`;
  if (s.type === 'object' && !s.properties) return 'object';
  if (s.type === 'object') return `{ ${Object.keys(s.properties).join(', ')} }`;
  return Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? 'any');
}

function PropsTable({ schema, caption }: { schema: Json; caption: string }) {
  const props = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const required = new Set<string>(schema.required ?? []);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col" className="py-1">field</th>
          <th scope="col" className="py-1">type</th>
        </tr>
      </thead>
      <tbody>
        {props.map(([name, p]) => (
          <tr key={name} className="border-t border-line align-top">
            <th scope="row" className="py-1 pr-3 font-normal">
              <code>{name}</code>
              {required.has(name) ? '' : ' (optional)'}
            </th>
            <td className="break-all">
              <code>{typeLabel(p)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Operation({ path, op, schemas }: { path: string; op: Json; schemas: Record<string, Json> }) {
  const ref = typeLabel(op.responses['200'].content['application/json'].schema);
  const url = path.replace('{sport}', 'football').replace('{fixture_id}', 'FIXTURE_ID') + (EXAMPLE[op.operationId] ?? '');
  return (
    <section id={op.operationId} className="grid gap-2 rounded border border-line bg-card p-3">
      <h2 className="text-lg font-semibold">
        <code>{`GET ${path}`}</code>
      </h2>
      <p>{op.summary}</p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{`Parameters of GET ${path}`}</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1">parameter</th>
            <th scope="col" className="py-1">in</th>
            <th scope="col" className="py-1">type</th>
            <th scope="col" className="py-1">meaning</th>
          </tr>
        </thead>
        <tbody>
          {(op.parameters as Json[]).map((p) => (
            <tr key={p.name} className="border-t border-line align-top">
              <th scope="row" className="py-1 pr-3 font-normal">
                <code>{p.name}</code>
                {p.required ? ' (required)' : ''}
              </th>
              <td className="pr-3">{p.in}</td>
              <td className="break-all pr-3">
                <code>{typeLabel(p.schema)}</code>
              </td>
              <td>{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="font-semibold">
        Response 200: <a href={`#schema-${ref}`} className="underline"><code>{ref}</code></a>
      </h3>
      <PropsTable schema={schemas[ref]} caption={`Fields of ${ref}`} />
      <p className="text-sm text-muted">Errors: 400, 401, 404, 429, 500 as application/problem+json (see <a href="/docs/errors" className="underline">error codes</a>).</p>
      <pre tabIndex={0} aria-label={`cURL example for ${url}`} className="overflow-x-auto rounded bg-line/30 p-2 text-sm">
        <code>{`curl -H "Authorization: Bearer $API_KEY" "$SCORELINE_URL${url}"`}</code>
      </pre>
    </section>
  );
}

/** Every /v1 path with its parameters, response shape and a cURL example, then every component schema. */
export function ApiReference() {
  const doc = buildOpenApi();
  const schemas = doc.components.schemas as Record<string, Json>;
  return (
    <article className="grid max-w-4xl gap-4">
      <h1 className="text-2xl font-bold">API reference (/v1)</h1>
      <p>
        Version {String((doc.info as Json).version)}. Send <code>Authorization: Bearer &lt;API_KEY&gt;</code>. The machine-readable OpenAPI 3.1
        document is at <a href="/v1/openapi.json" className="underline"><code>/v1/openapi.json</code></a> (no key needed). /v1 is stable: fields are
        only added, never renamed or removed; a breaking change gets <code>/v2</code>.
      </p>
      {Object.entries(doc.paths).map(([path, { get }]) => (
        <Operation key={path} path={path} op={get} schemas={schemas} />
      ))}
      <h2 className="text-xl font-bold">Schemas</h2>
      {Object.entries(schemas).map(([name, s]) => (
        <section key={name} id={`schema-${name}`} className="grid gap-1">
          <h3 className="font-semibold">
            <code>{name}</code>
          </h3>
          {s.properties ? <PropsTable schema={s} caption={`Fields of ${name}`} /> : <p><code>{typeLabel(s)}</code></p>}
        </section>
      ))}
    </article>
  );
}
