'use client';
/** Step 1 of the console: the operator key, kept in sessionStorage (this tab only), never in the URL. */
import { useState } from 'react';
import { card, input, labelCls, primary } from './styles';

export function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <section aria-labelledby="console-key" className={card}>
      <h2 id="console-key" className="text-lg font-semibold">
        Operator key
      </h2>
      <p className="text-sm text-muted">
        Paste an operator key (<code>slo_…</code>, or <code>OPERATOR_API_KEY</code>). It stays in this browser tab only
        and is sent as <code>Authorization: Bearer</code> to <code>/v1/ops</code>.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onKey(value.trim());
        }}
      >
        <label className={`${labelCls} min-w-64 flex-1`}>
          Operator key
          <input
            name="operator-key"
            type="password"
            autoComplete="off"
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={input}
          />
        </label>
        <button type="submit" className={primary}>
          Use key
        </button>
      </form>
    </section>
  );
}
