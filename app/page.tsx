import { LivePage } from '@/components/live/LivePage';
import { isSport } from '@/lib/sports';

export const dynamic = 'force-dynamic';

/** `/?sport=football&league=world-cup` filters the scoreboard. Unknown values are ignored. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const sport = typeof sp.sport === 'string' && isSport(sp.sport) ? sp.sport : undefined;
  const league = typeof sp.league === 'string' && /^[a-z0-9-]{1,64}$/.test(sp.league) ? sp.league : undefined;
  return <LivePage filter={{ sport, league }} />;
}
