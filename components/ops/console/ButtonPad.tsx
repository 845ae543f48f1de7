'use client';
/**
 * The sport's buttons for the match's current state (browser/console), grouped. A button without
 * extra fields sends at once; one with fields (a replacement, a judge, a map…) opens a small form.
 */
import { useState } from 'react';
import type { ButtonGroup, ConsoleButton } from '@/browser/console/types';
import { btn, input, labelCls, primary } from './styles';

const GROUPS: [ButtonGroup, string][] = [
  ['flow', 'Match'],
  ['score', 'Scoring'],
  ['play', 'Play'],
  ['discipline', 'Discipline'],
  ['result', 'Result'],
  ['status', 'Status'],
];

export function ButtonPad({
  buttons,
  busy,
  onSend,
}: {
  buttons: ConsoleButton[];
  busy: boolean;
  onSend: (b: ConsoleButton, fields: Record<string, string>) => void;
}) {
  const [open, setOpen] = useState<{ id: string; values: Record<string, string> } | null>(null);
  const pending = open ? buttons.find((b) => b.id === open.id) : undefined;
  return (
    <div className="grid gap-3">
      {GROUPS.map(([g, title]) => {
        const bs = buttons.filter((b) => b.group === g);
        if (!bs.length) return null;
        return (
          <div key={g} role="group" aria-label={title} className="flex flex-wrap items-center gap-2">
            <span className="w-20 text-xs font-semibold uppercase text-muted">{title}</span>
            {bs.map((b) => (
              <button
                key={b.id}
                type="button"
                data-button={b.id}
                disabled={busy}
                aria-expanded={b.fields.length ? open?.id === b.id : undefined}
                className={g === 'score' ? `${btn} font-semibold` : btn}
                onClick={() =>
                  b.fields.length
                    ? setOpen({ id: b.id, values: Object.fromEntries(b.fields.map((f) => [f.name, f.initial])) })
                    : onSend(b, {})
                }
              >
                {b.label}
              </button>
            ))}
          </div>
        );
      })}
      {pending && open ? (
        <form
          data-testid="button-form"
          aria-label={pending.label}
          className="flex flex-wrap items-end gap-2 rounded border border-accent p-2"
          onSubmit={(e) => {
            e.preventDefault();
            onSend(pending, open.values);
            setOpen(null);
          }}
        >
          {pending.fields.map((f, i) => (
            <label key={f.name} className={labelCls}>
              {f.label}
              <input
                name={f.name}
                autoFocus={i === 0}
                inputMode={f.kind === 'number' ? 'numeric' : undefined}
                className={input}
                value={open.values[f.name] ?? ''}
                onChange={(e) => setOpen({ ...open, values: { ...open.values, [f.name]: e.target.value } })}
              />
            </label>
          ))}
          <button type="submit" className={primary} disabled={busy}>
            Send {pending.label}
          </button>
          <button type="button" className={btn} onClick={() => setOpen(null)}>
            Cancel
          </button>
        </form>
      ) : null}
    </div>
  );
}
