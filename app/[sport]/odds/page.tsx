import type { Metadata } from 'next';
import { SPORT_LABELS } from '@/components/shell/SportTabs';
import { OddsPage } from '@/components/odds/OddsPage';
import type { SearchParams } from '@/components/results/page-params';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sport: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${SPORT_LABELS[(await params).sport] ?? 'Sport'} odds` };
}

/** `/football/odds?league=premier-league&season=2024-25&match=760` (sport validated by the [sport] layout). */
export default async function Page({ params, searchParams }: Props) {
  const [{ sport }, sp] = await Promise.all([params, searchParams]);
  return <OddsPage sport={sport} searchParams={sp} />;
}
