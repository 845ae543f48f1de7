import type { Metadata } from 'next';
import { TeamPage } from '@/components/team/TeamPage';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sport: string; team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).team) };
}

/** `/{sport}/teams/{team}` — a team's page: form, standing, next fixtures, recent results (sport validated by the [sport] layout). */
export default async function Page({ params }: Props) {
  const { sport, team } = await params;
  return <TeamPage sport={sport} team={decodeURIComponent(team)} />;
}
