import { toLiveMatch } from '@/server/api/serialize';
import { getServices } from '@/server/services';

/** Server-rendered list of football matches in play, from the same live cache the API serves. */
export function LiveBoard() {
  const { live } = getServices();
  const now = Date.now();
  const matches = live.list('football').map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
  return (
    <section>
      <h1>Live football</h1>
      {matches.length === 0 && <p className="muted">No match is in play right now.</p>}
      {matches.map((m) => (
        <article key={m.fixture_id} className="card" data-fixture={m.fixture_id}>
          <div className="muted">{m.league}</div>
          <div>
            {m.home_team} <span className="score">{m.score.home}–{m.score.away}</span> {m.away_team}{' '}
            <span className="live">
              {m.status === 'break' ? m.period.replace(/_/g, ' ') : `${m.minute}'${m.stoppage_time ? `+${m.stoppage_time}` : ''}`}
            </span>
          </div>
          {m.last_event && (
            <div className="muted">
              Latest: {m.last_event.type.replace(/_/g, ' ')} — {m.last_event.player || m.last_event.team} {m.last_event.minute}&apos;
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
