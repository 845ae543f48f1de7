import type { Metadata } from 'next';
import { SearchPage } from '@/components/search/SearchPage';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Search' };

/** `/search?q=arsenal`: teams and leagues of every sport whose name contains the words. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = (await searchParams).q;
  return <SearchPage q={typeof q === 'string' ? q.slice(0, 100) : ''} />;
}
