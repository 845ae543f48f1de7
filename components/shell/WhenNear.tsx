'use client';
/**
 * Renders `children` only once the page no longer needs the main thread for its first load: when
 * its placeholder comes within `margin` of the viewport (default: enters it) (IntersectionObserver), on the viewer's first
 * scroll, tap or key, or at the latest `idleMs` after the load event (then in an idle callback).
 * Until then it renders `placeholder` (give it the final height: no layout shift). For below-the-fold
 * parts whose code is heavy (the line-movement chart's recharts chunk): their chunk is fetched,
 * parsed and rendered after the page became interactive instead of during hydration.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenNear({
  children,
  placeholder,
  margin = '0px',
  idleMs = 4000,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
  idleMs?: number;
}) {
  const [show, setShow] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (show) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const go = () => setShow(true);
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && go(), { rootMargin: margin })
        : null;
    if (ref.current && io) io.observe(ref.current);
    const events = ['scroll', 'pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, go, { once: true, passive: true });
    const later = () => {
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(go, { timeout: 2000 });
        else go();
      }, idleMs);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      io?.disconnect();
      for (const e of events) window.removeEventListener(e, go);
      window.removeEventListener('load', later);
      if (timer) clearTimeout(timer);
      if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    };
  }, [show, margin, idleMs]);
  return show ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
