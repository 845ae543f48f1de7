/** `<option>`s for a league picker: an optional "All leagues" first, then each league by name. */
import { leagueLabel } from '@/components/results/season-label';

export function LeagueOptions({ leagues, all }: { leagues: { slug: string; name: string }[]; all?: string }) {
  return (
    <>
      {all != null && <option value="">{all}</option>}
      {leagues.map((l) => (
        <option key={l.slug} value={l.slug}>
          {leagueLabel(l.name)}
        </option>
      ))}
    </>
  );
}
