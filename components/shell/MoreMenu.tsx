'use client';
/**
 * The header's secondary links (API, Get a key, About, Operators) and the language picker on narrow screens: a "More"
 * button opening a small menu of links (closes on Escape, on a click outside and on navigation).
 * Wide screens show the same links inline instead (SiteHeader).
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { LanguagePicker } from '@/components/i18n/LanguagePicker';

export interface NavLink {
  href: string;
  label: string;
}

/** `label`: the button's word ("More" in the viewer's language). The menu ends with the language picker. */
export function MoreMenu({ links, label }: { links: readonly NavLink[]; label: string }) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<string | null>(null);
  const pathname = usePathname();
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  // Close on navigation (pathname changed since the menu opened).
  if (open && at !== pathname) {
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div ref={box} className="relative lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setAt(pathname);
          setOpen((o) => !o);
        }}
        className="h-8 rounded-md border border-line px-2.5 text-sm hover:bg-card"
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-1 min-w-40 rounded-lg border border-line bg-card py-1 text-sm shadow-lg"
      >
        {links.map((l) => (
          <li key={l.href}>
            <Link
              prefetch={false}
              href={l.href}
              className="block px-3 py-2 no-underline hover:bg-bg"
              onClick={() => setOpen(false)}
            >
              {l.label}
            </Link>
          </li>
        ))}
        <li className="border-t border-line px-3 py-2">
          <LanguagePicker className="flex" />
        </li>
      </ul>
    </div>
  );
}
