import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { getTranslations } from 'next-intl/server';
import { KeysPage } from '@/components/keys/KeysPage';

export const dynamic = 'force-dynamic';
/** The page title in the viewer's language. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('keys'))('title') };
}

/** `/keys`: get a free API key, or manage one (docs/access.md). */
export default async function Page() {
  const [h, timeZone] = await Promise.all([headers(), viewerTimeZone()]);
  const proto = h.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return <KeysPage origin={`${proto}://${h.get('host') ?? 'localhost:3000'}`} timeZone={timeZone} />;
}
