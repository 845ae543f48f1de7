import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isSport } from '@/lib/sports';
import { ResultsPage } from '@/components/results/ResultsPage';
import type { SearchParams } from '@/components/results/page-params';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sport: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { sport } = await params;
  const [t, sports] = await Promise.all([getTranslations('results'), getTranslations('sports')]);
  return { title: t('title', { sport: isSport(sport) ? sports(sport) : sports('label') }) };
}

/** `/football/results?league=premier-league&season=2023-24&team=&by=day|round` (sport validated by the [sport] layout). */
export default async function Page({ params, searchParams }: Props) {
  const [{ sport }, sp] = await Promise.all([params, searchParams]);
  return <ResultsPage sport={sport} searchParams={sp} />;
}
