import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MyTeamsPage } from '@/components/follow/MyTeamsPage';

/** The page title in the viewer's language. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('follow'))('title') };
}

/** `/my-teams`: the teams followed in this browser, with their live matches (kept in localStorage). */
export default function Page() {
  return <MyTeamsPage />;
}
