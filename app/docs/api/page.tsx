import type { Metadata } from 'next';
import { ClientLibraries } from '@/components/docs/ClientLibraries';
import { ScalarReference } from '@/components/docs/ScalarReference';

export const metadata: Metadata = { title: 'API reference' };

/** /docs/api: the interactive reference (Scalar) of the served OpenAPI and AsyncAPI documents, with "try it". */
export default function ApiDocsPage() {
  return (
    <article className="grid gap-3">
      <h1 className="text-2xl font-bold">API reference</h1>
      <p>
        Every <code>/v1</code> operation, and every WebSocket (<code>/v1/ws</code>) and webhook message, rendered from
        the documents this server serves:{' '}
        <a href="/v1/openapi.json" className="underline">
          <code>/v1/openapi.json</code>
        </a>{' '}
        (OpenAPI 3.1, REST) and{' '}
        <a href="/v1/asyncapi.json" className="underline">
          <code>/v1/asyncapi.json</code>
        </a>{' '}
        (AsyncAPI 3.0, WebSocket and webhooks; pick it in the menu above the search, or open{' '}
        <a href="/docs/api?api=asyncapi" className="underline">
          its reference
        </a>
        ). Search with <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>K</kbd>.
      </p>
      <p>
        <strong>Try it:</strong> open an operation and press <em>Test Request</em>. Choose the server <em>Sandbox</em>{' '}
        to call <code>/sandbox/v1</code> with no key (sample data), or paste your API key under <em>Authentication</em>{' '}
        (
        <a href="/keys" className="underline">
          get a free key
        </a>
        ). The key stays in this tab&apos;s memory: it is sent only in the requests you try, to this server, and is
        stored nowhere (no cookie, no local storage, nothing server-side).
      </p>
      <ClientLibraries />
      <p className="text-sm text-muted">
        Without JavaScript or to print: the REST reference with a cURL example per operation on{' '}
        <a href="/docs/api/static" className="underline">
          one static page
        </a>
        ; error codes on{' '}
        <a href="/docs/errors" className="underline">
          /docs/errors
        </a>
        .
      </p>
      <ScalarReference />
    </article>
  );
}
