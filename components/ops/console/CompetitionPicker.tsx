'use client';
/** Step 2b: pick one of the sport's competitions, or create one (league slug, season, name). */
import { useEffect, useState } from 'react';
import type { OpsCompetition } from '@/lib/wire/ops';
import { listCompetitions, saveCompetition } from './ops-client';
import { btn, card, input, labelCls } from './styles';

export function CompetitionPicker({
  opsKey,
  sport,
  value,
  onChange,
  onError,
}: {
  opsKey: string;
  sport: string;
  value: OpsCompetition | null;
  onChange: (c: OpsCompetition | null) => void;
  onError: (m: string) => void;
}) {
  const [list, setList] = useState<OpsCompetition[]>([]);
  const [form, setForm] = useState({ league: '', season: String(new Date().getUTCFullYear()), name: '' });
  useEffect(() => {
    listCompetitions(opsKey, sport).then(setList, (e: Error) => onError(e.message));
  }, [opsKey, sport, onError]);

  async function create() {
    try {
      const c = await saveCompetition(opsKey, { sport, ...form });
      setList((l) => [c, ...l.filter((x) => x.id !== c.id)]);
      onChange(c);
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <section aria-labelledby="console-competition" className={card}>
      <h2 id="console-competition" className="text-lg font-semibold">
        Competition
      </h2>
      <label className={labelCls}>
        Competition
        <select
          name="competition"
          className={input}
          value={value?.id ?? ''}
          onChange={(e) => onChange(list.find((c) => c.id === Number(e.target.value)) ?? null)}
        >
          <option value="">{list.length ? 'Choose…' : 'None yet: create one below'}</option>
          {list.map((c) => (
            <option key={c.id} value={c.id}>{`${c.name} (${c.league}, ${c.season})`}</option>
          ))}
        </select>
      </label>
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="New competition"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className={labelCls}>
          League slug
          <input
            name="league"
            required
            pattern="[a-z0-9][a-z0-9-]{1,63}"
            title="2–64 characters of a–z, 0–9 and -"
            className={input}
            value={form.league}
            onChange={(e) => setForm({ ...form, league: e.target.value })}
          />
        </label>
        <label className={labelCls}>
          Season
          <input
            name="season"
            required
            className={`${input} w-24`}
            value={form.season}
            onChange={(e) => setForm({ ...form, season: e.target.value })}
          />
        </label>
        <label className={labelCls}>
          Name
          <input
            name="competition-name"
            required
            className={input}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </label>
        <button type="submit" className={btn}>
          Create competition
        </button>
      </form>
    </section>
  );
}
