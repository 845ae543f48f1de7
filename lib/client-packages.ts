/**
 * File names of the client packages scripts/build-clients.mjs builds and the server serves at
 * /clients/ (server/clients-route.ts): the Node tarball and the Python wheel and sdist. Node and
 * Python share one version (clients/node/package.json; clients/python/pyproject.toml keeps it in
 * step, checked by test/integration/client-node-package.test.ts).
 */
import nodePackage from '@/clients/node/package.json';

/** The three file names for `version` (default: the Node package's). */
export function clientPackageNames(version: string = nodePackage.version): {
  node: string;
  wheel: string;
  sdist: string;
} {
  return {
    node: `scoreline-client-${version}.tgz`,
    wheel: `scoreline-${version}-py3-none-any.whl`,
    sdist: `scoreline-${version}.tar.gz`,
  };
}
