import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SearchPage } from '@/components/search/SearchPage';

export const dynamic = 'force-dynamic';

/** The page title in the viewer's language. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('search'))('title') };
}

/** `/search?q=arsenal`: teams and leagues of every sport whose name contains the words. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = (await searchParams).q;
  return <SearchPage q={typeof q === 'string' ? q.slice(0, 100) : ''} />;
}
