import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isSport } from '@/lib/sports';
import { OddsPage } from '@/components/odds/OddsPage';
import type { SearchParams } from '@/components/results/page-params';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sport: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { sport } = await params;
  const [t, sports] = await Promise.all([getTranslations('odds'), getTranslations('sports')]);
  return { title: t('pageTitle', { sport: isSport(sport) ? sports(sport) : sports('label') }) };
}

/** `/football/odds?league=premier-league&season=2024-25&match=760` (sport validated by the [sport] layout). */
export default async function Page({ params, searchParams }: Props) {
  const [{ sport }, sp] = await Promise.all([params, searchParams]);
  return <OddsPage sport={sport} searchParams={sp} />;
}
