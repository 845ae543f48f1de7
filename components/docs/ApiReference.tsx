/**
 * The static /v1 reference page (/docs/api/static), rendered on the server from the OpenAPI document
 * (server/api/openapi-document.ts); /docs/api is the interactive one (ScalarReference).
 */
import { ClientLibraries } from './ClientLibraries';
import { buildOpenApi, EXAMPLES } from '@/server/docs/api-reference';
import { WebSocketProtocol } from './WebSocketProtocol';

type Json = Record<string, any>;

/** A short type label for a JSON Schema: `Fixture[]`, `integer | null`, `"home" | "away"`. */
export function typeLabel(s: Json | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.anyOf) return (s.anyOf as Json[]).map(typeLabel).join(' | ');
  if (s.allOf) return (s.allOf as Json[]).map(typeLabel).join(' & ');
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
          <th scope="col" className="py-1">
            field
          </th>
          <th scope="col" className="py-1">
            type
          </th>
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

/** A cURL example block; `data-example` lets the examples test find and run it. */
function CurlExample({ id, kind, command }: { id: string; kind: 'production' | 'sandbox'; command: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted">{kind === 'production' ? 'With your key:' : 'Sandbox, no key:'}</p>
      <pre
        tabIndex={0}
        aria-label={`${kind} cURL example of ${id}`}
        data-example={kind}
        data-operation={id}
        className="overflow-x-auto rounded bg-line/30 p-2 text-sm"
      >
        <code>{command}</code>
      </pre>
    </div>
  );
}

function Operation({
  method,
  path,
  op,
  schemas,
}: {
  method: string;
  path: string;
  op: Json;
  schemas: Record<string, Json>;
}) {
  const [status, success] = Object.entries(op.responses as Record<string, Json>).find(([code]) =>
    code.startsWith('2'),
  )!;
  const ref = success.content ? typeLabel(success.content['application/json'].schema) : null;
  const bodyRef = op.requestBody ? typeLabel(op.requestBody.content['application/json'].schema) : null;
  const errors = Object.keys(op.responses).filter((c) => Number(c) >= 400);
  const example = EXAMPLES[op.operationId];
  const params = op.parameters as Json[];
  const title = `${method.toUpperCase()} ${path}`;
  return (
    <section id={op.operationId} className="grid gap-2 rounded border border-line bg-card p-3">
      <h2 className="text-lg font-semibold">
        <code>{title}</code>
      </h2>
      <p>
        {op.summary}
        {op.security.length === 0 ? ' No key needed.' : ''}
        {op.security.some((s: Json) => 'operatorAuth' in s) ? ' Operator key only.' : ''}
        {op.servers ? ' Not in the sandbox.' : ''}
      </p>
      {params.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Parameters of ${title}`}</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1">
                parameter
              </th>
              <th scope="col" className="py-1">
                in
              </th>
              <th scope="col" className="py-1">
                type
              </th>
              <th scope="col" className="py-1">
                meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
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
      )}
      {bodyRef && (
        <>
          <h3 className="font-semibold">
            Body (JSON):{' '}
            <a href={`#schema-${bodyRef}`} className="underline">
              <code>{bodyRef}</code>
            </a>
          </h3>
          <PropsTable schema={schemas[bodyRef]} caption={`Fields of ${bodyRef}`} />
        </>
      )}
      <h3 className="font-semibold">
        Response {status}
        {ref ? (
          <>
            :{' '}
            <a href={`#schema-${ref}`} className="underline">
              <code>{ref}</code>
            </a>
          </>
        ) : (
          ' (no body)'
        )}
      </h3>
      {ref && <PropsTable schema={schemas[ref]} caption={`Fields of ${ref}`} />}
      <p className="text-sm text-muted">
        Errors: {errors.join(', ')} as application/problem+json (see{' '}
        <a href="/docs/errors" className="underline">
          error codes
        </a>
        ).
      </p>
      {example && <CurlExample id={op.operationId} kind="production" command={example.production} />}
      {example?.sandbox && <CurlExample id={op.operationId} kind="sandbox" command={example.sandbox} />}
    </section>
  );
}

/** Every /v1 operation with its parameters, body, response shape and cURL examples, the WebSocket protocol, then every component schema. */
export function ApiReference() {
  const doc = buildOpenApi();
  const schemas = doc.components.schemas as Record<string, Json>;
  return (
    <article className="grid max-w-4xl gap-4">
      <h1 className="text-2xl font-bold">API reference (/v1), static page</h1>
      <p>
        This page needs no JavaScript. The{' '}
        <a href="/docs/api" className="underline">
          interactive reference
        </a>{' '}
        has search, a table of contents, the WebSocket and webhook messages (AsyncAPI) and &quot;try it&quot;.
      </p>
      <p>
        Version {String((doc.info as Json).version)}. Send <code>Authorization: Bearer &lt;API_KEY&gt;</code>;{' '}
        <a href="/keys" className="underline">
          get a free key
        </a>{' '}
        (no card). The machine-readable OpenAPI 3.1 document is at{' '}
        <a href="/v1/openapi.json" className="underline">
          <code>/v1/openapi.json</code>
        </a>{' '}
        (no key needed).
      </p>
      <p>
        <strong>Sandbox:</strong> every read endpoint also answers under <code>/sandbox/v1</code> with no key, from
        sample data (the Premier League 2023/24 and a looping replay of the World Cup 2022), through the same handlers
        and schemas. Its answers carry <code>&quot;sandbox&quot;: true</code> and the header{' '}
        <code>Scoreline-Environment: sandbox</code>; 60 requests per minute per address.
      </p>
      <p>
        <strong>Versioning:</strong> <code>/v1</code> is stable. Fields are only added, never renamed or removed, so
        ignore fields you do not know. A breaking change gets a new prefix (<code>/v2</code>) served beside{' '}
        <code>/v1</code>.
      </p>
      <ClientLibraries />
      <p className="text-sm text-muted">
        In the examples, <code>$SCORELINE_URL</code> is this server (e.g. <code>http://localhost:3000</code>),{' '}
        <code>$API_KEY</code> your key and <code>$FIXTURE_ID</code> a <code>fixture_id</code> from <code>/results</code>
        ; <code>$WEBHOOK_ID</code> is an <code>id</code> from <code>POST /v1/webhooks</code> and{' '}
        <code>$DELIVERY_ID</code> an <code>id</code> from its deliveries. The operator endpoints (<code>/v1/ops</code>,
        see <code>docs/operators.md</code>) take <code>$OPERATOR_KEY</code>, an operator key (<code>slo_…</code>), and{' '}
        <code>$OPS_COMPETITION_ID</code>, <code>$OPS_TEAM_ID</code> and <code>$OPS_FIXTURE_ID</code> are the{' '}
        <code>id</code>s answered by <code>POST /v1/ops/competitions</code>, <code>/teams</code> and{' '}
        <code>/fixtures</code>.
      </p>
      {Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => (
          <Operation key={`${method} ${path}`} method={method} path={path} op={op!} schemas={schemas} />
        )),
      )}
      <WebSocketProtocol />
      <h2 className="text-xl font-bold">Schemas</h2>
      {Object.entries(schemas).map(([name, s]) => (
        <section key={name} id={`schema-${name}`} className="grid gap-1">
          <h3 className="font-semibold">
            <code>{name}</code>
          </h3>
          {s.properties ? (
            <PropsTable schema={s} caption={`Fields of ${name}`} />
          ) : (
            <p>
              <code>{typeLabel(s)}</code>
            </p>
          )}
        </section>
      ))}
    </article>
  );
}
