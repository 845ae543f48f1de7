import type { Metadata } from 'next';
import { MatchPage, matchTitle } from '@/components/match/MatchPage';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await matchTitle((await params).id) };
}

/** `/matches/{fixture_id}` — any sport's match page. */
export default async function Page({ params }: Props) {
  return <MatchPage id={(await params).id} />;
}
