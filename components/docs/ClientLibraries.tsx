/**
 * "Client libraries" paragraph of /docs/api: links to the Node tarball and the Python wheel this
 * server serves at /clients/ (server/clients-route.ts), named from the packages' versions.
 */
import { clientPackageNames } from '@/lib/client-packages';

/** The paragraph itself (server component, no state). */
export function ClientLibraries() {
  const names = clientPackageNames();
  return (
    <p>
      <strong>Client libraries:</strong> Node (<code>@scoreline/client</code>) and Python (<code>scoreline</code>)
      retry, page, keep a live stream resuming across drops and verify webhooks. Install them from this server:{' '}
      <code>npm install $SCORELINE_URL/clients/{names.node}</code> (
      <a href={`/clients/${names.node}`} className="underline">
        {names.node}
      </a>
      ), <code>pip install $SCORELINE_URL/clients/{names.wheel}</code> (
      <a href={`/clients/${names.wheel}`} className="underline">
        {names.wheel}
      </a>
      , sdist{' '}
      <a href={`/clients/${names.sdist}`} className="underline">
        {names.sdist}
      </a>
      ); all of them at{' '}
      <a href="/clients/" className="underline">
        <code>/clients/</code>
      </a>
      . Guides: <code>clients/node/README.md</code>, <code>clients/python/README.md</code>, <code>docs/clients.md</code>
      .
    </p>
  );
}
