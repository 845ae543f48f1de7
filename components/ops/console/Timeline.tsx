/**
 * The fixture's stored log, newest first; retracted events struck through, corrections labelled
 * by what they changed ("Undid #12 goal · Arsenal · Saka"), never by internal event ids.
 */
import type { OpsFixtureDetail } from './ops-client';

/** A few words for an event's detail (card kind, replacement, points…), empty when none. */
function detailText(d: Record<string, unknown>): string {
  return Object.entries(d)
    .filter(([k, v]) => v !== null && typeof v !== 'object' && k !== 'innings')
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${String(v)}`)
    .join(', ');
}

type Event = OpsFixtureDetail['events'][number];

/** An event in words: type, team, player, detail. */
function describe(e: Event, f: OpsFixtureDetail['fixture']): string {
  const team = e.side === 'home' ? f.home_team : e.side === 'away' ? f.away_team : null;
  return [e.type.replace(/_/g, ' '), team, e.player, detailText(e.detail ?? {})].filter(Boolean).join(' · ');
}

/** A correction in words: "Undid #12 goal · Arsenal · Saka" (retract) or "Amended #12 …" (amend). */
function correctionText(e: Event, events: readonly Event[], f: OpsFixtureDetail['fixture']): string {
  const target = events.find((x) => x.event_id === e.detail?.target_event_id);
  const verb = e.detail?.action === 'retract' ? 'Undid' : e.detail?.action === 'amend' ? 'Amended' : 'Corrected';
  return target ? `${verb} #${target.seq} ${describe(target, f)}` : `${verb} an earlier event`;
}

export function Timeline({ detail }: { detail: OpsFixtureDetail }) {
  const f = detail.fixture;
  const events = [...detail.events].sort((a, b) => b.seq - a.seq);
  return (
    <section aria-labelledby="console-timeline" className="grid gap-2">
      <h2 id="console-timeline" className="text-lg font-semibold">
        Timeline ({events.length})
      </h2>
      {events.length === 0 ? <p className="text-sm text-muted">No events yet.</p> : null}
      <ol className="grid gap-1 text-sm">
        {events.map((e) => {
          const when = e.minute ? `${e.minute}'` : (e.period ?? '');
          const text = describe(e, f);
          return (
            <li
              key={e.seq}
              data-testid="console-event"
              data-event-id={e.event_id}
              data-type={e.type}
              data-retracted={e.retracted ? 'true' : 'false'}
              className="flex min-w-0 gap-3 break-words rounded border border-line px-2 py-1"
            >
              <span className="w-20 shrink-0 tabular-nums text-muted">
                #{e.seq} {when}
              </span>
              {e.retracted ? (
                <span>
                  <s>{text}</s> <span className="text-muted">(undone)</span>
                </span>
              ) : (
                <span>
                  {e.type === 'correction' ? correctionText(e, detail.events, f) : text}
                  {e.amended ? ' (amended)' : ''}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
