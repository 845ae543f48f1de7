'use client';
/** Step 1 of the console: the operator key, kept in sessionStorage (this tab only), never in the URL. */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { card, input, labelCls, primary } from './styles';

export function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const t = useTranslations('ops.console');
  const [value, setValue] = useState('');
  return (
    <section aria-labelledby="console-key" className={card}>
      <h2 id="console-key" className="text-lg font-semibold">
        {t('operatorKey')}
      </h2>
      <p className="text-sm text-muted">{t.rich('keyNote', { code: (c) => <code>{c}</code> })}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onKey(value.trim());
        }}
      >
        <label className={`${labelCls} min-w-64 flex-1`}>
          {t('operatorKey')}
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
          {t('useKey')}
        </button>
      </form>
    </section>
  );
}
