import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/ApiReference';

export const metadata: Metadata = { title: 'API reference (static page)' };

/** /docs/api/static: the REST reference as one server-rendered page (no JavaScript needed); /docs/api is the interactive one. */
export default function ApiDocsStaticPage() {
  return <ApiReference />;
}
