'use client';
/**
 * Turns goal alerts for followed teams on or off (GoalNotifier shows them). Turning them on asks
 * the browser's notification permission — only here, from the viewer's click, never on load; a
 * refused or unsupported permission is said in words and leaves alerts off.
 */
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useFollow } from './follow-store';

export function GoalAlertsButton() {
  const t = useTranslations('follow');
  const on = useFollow((s) => s.goalAlerts);
  const set = useFollow((s) => s.setGoalAlerts);
  const [note, setNote] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(typeof Notification !== 'undefined'), []);
  const enabled = on && supported && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  const click = async () => {
    if (enabled) return set(false);
    if (typeof Notification === 'undefined') return setNote(t('unsupported'));
    const p = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (p === 'granted') {
      set(true);
      setNote(null);
    } else {
      set(false);
      setNote(t('blocked'));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <button
        type="button"
        aria-pressed={enabled}
        onClick={() => void click()}
        data-testid="goal-alerts"
        className={`h-8 rounded-full border px-3 ${enabled ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-bg'}`}
      >
        <span aria-hidden="true">🔔</span> {enabled ? t('alertsOn') : t('alertsOff')}
      </button>
      <span className="text-xs text-muted" role="status">
        {note ?? (enabled ? t('alertsOnNote') : t('alertsOffNote'))}
      </span>
    </div>
  );
}
