import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/ApiReference';

export const metadata: Metadata = { title: 'API reference' };

export default function ApiDocsPage() {
  return <ApiReference />;
}
