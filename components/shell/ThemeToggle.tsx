'use client';
/** Cycles the colour theme system → light → dark; remembered in the `theme` cookie (read by the layout, so no flash). */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Theme } from './viewer-prefs';

const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

export function ThemeToggle({ initial }: { initial: Theme }) {
  const t = useTranslations('shell.theme');
  const [theme, setTheme] = useState<Theme>(initial);
  const cycle = () => {
    const t = NEXT[theme];
    setTheme(t);
    document.documentElement.dataset.theme = t;
    document.cookie = `theme=${t}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };
  return (
    <button
      type="button"
      onClick={cycle}
      aria-label={t('change', { theme: t(theme) })}
      title={t(theme)}
      className="h-8 w-8 rounded-md border border-line text-sm hover:bg-card"
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
