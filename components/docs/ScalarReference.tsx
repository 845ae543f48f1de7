'use client';
/**
 * The interactive reference of /docs/api: Scalar's API reference (`@scalar/api-reference`, its
 * browser build served by this host at /docs/api/scalar/, server/http/scalar-assets.ts) mounted on
 * the served OpenAPI and AsyncAPI documents with browser/api-reference/scalar-config.ts. It follows
 * the dashboard's colour theme (html[data-theme], "system" = prefers-color-scheme).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { scalarConfig } from '@/browser/api-reference/scalar-config';

/** The renderer's entry module (its chunks load from beside it). */
const SCALAR_ENTRY = '/docs/api/scalar/standalone.esm.js';

interface ScalarInstance {
  updateConfiguration(c: Record<string, unknown>): void;
  destroy(): void;
}
type ScalarGlobal = { createApiReference(el: HTMLElement, c: Record<string, unknown>): ScalarInstance };

/** Whether the dashboard shows its dark theme now. */
function isDark(): boolean {
  const t = document.documentElement.dataset.theme;
  return t === 'dark' || (t !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
}

/**
 * Names Scalar's icon-only copy buttons ("Copy code"): they have no text for screen readers
 * (axe `button-name`). Run on every change of the mount, since sections render lazily.
 */
function labelCopyButtons(root: HTMLElement, label: string): void {
  for (const b of root.querySelectorAll('button.scalar-code-copy:not([aria-label])'))
    b.setAttribute('aria-label', label);
}

/** Loads the entry module once per page (a module script; it sets `window.Scalar`). */
function loadScalar(): Promise<ScalarGlobal> {
  const w = window as unknown as { Scalar?: ScalarGlobal; __scalarLoading?: Promise<ScalarGlobal> };
  if (w.Scalar) return Promise.resolve(w.Scalar);
  w.__scalarLoading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const s = document.createElement('script');
    s.type = 'module';
    s.src = SCALAR_ENTRY;
    s.onload = () => (w.Scalar ? resolve(w.Scalar) : reject(new Error('the API reference did not start')));
    s.onerror = () => reject(new Error('the API reference could not be loaded'));
    document.head.appendChild(s);
  });
  return w.__scalarLoading;
}

/** The mount point and its loading / failure note. */
export function ScalarReference() {
  const t = useTranslations('docs.scalar');
  const locale = useLocale();
  const copyLabel = t('copyCode');
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let instance: ScalarInstance | null = null;
    let cancelled = false;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const retheme = () => instance?.updateConfiguration(scalarConfig(isDark(), locale));
    const observer = new MutationObserver(retheme);
    const labels = new MutationObserver(() => el.current && labelCopyButtons(el.current, copyLabel));
    loadScalar().then(
      (Scalar) => {
        if (cancelled || !el.current) return;
        instance = Scalar.createApiReference(el.current, scalarConfig(isDark(), locale));
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
        labels.observe(el.current, { childList: true, subtree: true });
        media.addEventListener('change', retheme);
        setState('ready');
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      observer.disconnect();
      labels.disconnect();
      media.removeEventListener('change', retheme);
      instance?.destroy();
    };
  }, [locale, copyLabel]);
  return (
    <section aria-label={t('region')} data-testid="api-reference" data-state={state}>
      {state === 'loading' && <p className="text-muted">{t('loading')}</p>}
      {state === 'failed' && (
        <p role="alert">
          {t.rich('failed', {
            static: (c) => (
              <a href="/docs/api/static" className="underline">
                {c}
              </a>
            ),
          })}
        </p>
      )}
      <div ref={el} />
    </section>
  );
}
