import type { Metadata } from 'next';
import { MyTeamsPage } from '@/components/follow/MyTeamsPage';

export const metadata: Metadata = { title: 'My teams' };

/** `/my-teams`: the teams followed in this browser, with their live matches (kept in localStorage). */
export default function Page() {
  return <MyTeamsPage />;
}
