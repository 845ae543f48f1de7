'use client';
/** Step 3: pick a fixture of the competition, or create one (home, away, kickoff: default now). */
import { useEffect, useState } from 'react';
import type { OpsCompetition, OpsFixture } from '@/lib/wire/ops';
import { createFixture, listFixtures } from './ops-client';
import { btn, card, input, labelCls } from './styles';

/** `datetime-local` value of a Date in the browser's zone (minutes). */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function FixturePicker({
  opsKey,
  competition,
  value,
  onChange,
  onError,
  golf,
}: {
  opsKey: string;
  competition: OpsCompetition;
  value: number | null;
  onChange: (id: number | null) => void;
  onError: (m: string) => void;
  golf: boolean;
}) {
  const [list, setList] = useState<OpsFixture[]>([]);
  const [form, setForm] = useState({ home_team: '', away_team: golf ? 'Field' : '', kickoff: localInput(new Date()) });
  useEffect(() => {
    listFixtures(opsKey, competition.sport, competition.league).then(
      (l) => setList(l.filter((f) => f.season === competition.season)),
      (e: Error) => onError(e.message),
    );
  }, [opsKey, competition, onError]);

  async function create() {
    try {
      const f = await createFixture(opsKey, {
        sport: competition.sport,
        league: competition.league,
        season: competition.season,
        home_team: form.home_team,
        away_team: form.away_team,
        kickoff: new Date(form.kickoff).toISOString(),
      });
      setList((l) => [f, ...l.filter((x) => x.id !== f.id)]);
      onChange(f.id);
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <section aria-labelledby="console-fixture" className={card}>
      <h2 id="console-fixture" className="text-lg font-semibold">
        Fixture
      </h2>
      <label className={labelCls}>
        Fixture
        <select
          name="fixture"
          className={input}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{list.length ? 'Choose…' : 'None yet: create one below'}</option>
          {list.map((f) => (
            <option
              key={f.id}
              value={f.id}
            >{`${f.home_team} v ${f.away_team} · ${new Date(f.kickoff).toLocaleString()} · ${f.status}`}</option>
          ))}
        </select>
      </label>
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="New fixture"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className={labelCls}>
          {golf ? 'Tournament' : 'Home team'}
          <input
            name="home-team"
            required
            className={input}
            value={form.home_team}
            onChange={(e) => setForm({ ...form, home_team: e.target.value })}
          />
        </label>
        <label className={labelCls}>
          {golf ? 'Field label' : 'Away team'}
          <input
            name="away-team"
            required
            className={input}
            value={form.away_team}
            onChange={(e) => setForm({ ...form, away_team: e.target.value })}
          />
        </label>
        <label className={labelCls}>
          Kickoff (your time)
          <input
            name="kickoff"
            type="datetime-local"
            required
            className={input}
            value={form.kickoff}
            onChange={(e) => setForm({ ...form, kickoff: e.target.value })}
          />
        </label>
        <button type="submit" className={btn}>
          Create fixture
        </button>
      </form>
    </section>
  );
}
