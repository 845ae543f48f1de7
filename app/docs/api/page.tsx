import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ClientLibraries } from '@/components/docs/ClientLibraries';
import { ScalarReference } from '@/components/docs/ScalarReference';

/** The page title in the viewer's language. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('docs.api'))('title') };
}

/** /docs/api: the interactive reference (Scalar) of the served OpenAPI and AsyncAPI documents, with "try it". */
export default async function ApiDocsPage() {
  const t = await getTranslations('docs.api');
  const code = (c: ReactNode) => <code>{c}</code>;
  const link = (href: string) => (c: ReactNode) => (
    <a href={href} className="underline">
      {c}
    </a>
  );
  return (
    <article className="grid gap-3">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p>
        {t.rich('intro', {
          code,
          kbd: (c) => <kbd>{c}</kbd>,
          openapi: () => link('/v1/openapi.json')(<code>/v1/openapi.json</code>),
          asyncapi: () => link('/v1/asyncapi.json')(<code>/v1/asyncapi.json</code>),
          async: link('/docs/api?api=asyncapi'),
        })}
      </p>
      <p>
        {t.rich('tryIt', {
          code,
          strong: (c) => <strong>{c}</strong>,
          em: (c) => <em>{c}</em>,
          keys: link('/keys'),
        })}
      </p>
      <ClientLibraries />
      <p className="text-sm text-muted">
        {t.rich('static', { static: link('/docs/api/static'), errors: link('/docs/errors') })}
      </p>
      <ScalarReference />
    </article>
  );
}
