import type { Metadata } from 'next';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { FeedHealthPage } from '@/components/ops/health/FeedHealthPage';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Feed health', robots: { index: false } };

/** `/ops/health`: the operators' feed-health page (operator key; docs/operations.md). */
export default async function Page() {
  return <FeedHealthPage timeZone={await viewerTimeZone()} />;
}
