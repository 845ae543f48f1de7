/** The header on every page: brand, main navigation, live-connection state and theme toggle. */
import Link from 'next/link';
import { ConnectionIndicator } from '@/components/live/ConnectionIndicator';
import { ThemeToggle } from './ThemeToggle';
import type { Theme } from './viewer-prefs';

const NAV = [
  { href: '/', label: 'Live' },
  { href: '/football/fixtures', label: 'Fixtures' },
  { href: '/football/results', label: 'Results' },
  { href: '/football/standings', label: 'Standings' },
  { href: '/football/odds', label: 'Odds' },
  { href: '/docs/api', label: 'API' },
  { href: '/keys', label: 'Get a key' },
  { href: '/about', label: 'About' },
];

export function SiteHeader({ theme }: { theme: Theme }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
        <Link href="/" className="text-lg font-extrabold tracking-tight no-underline">
          Score<span className="text-accent">line</span>
        </Link>
        <nav aria-label="Main" className="order-3 flex w-full gap-1 overflow-x-auto text-sm sm:order-none sm:w-auto">
          {NAV.map((n) => (
            <Link key={n.href} href={n.href} className="rounded-md px-2.5 py-1.5 no-underline hover:bg-card">
              {n.label}
            </Link>
          ))}
          <Link href="/ops/health" className="rounded-md px-2.5 py-1.5 text-muted no-underline hover:bg-card">
            Operators
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <ConnectionIndicator />
          <ThemeToggle initial={theme} />
        </div>
      </div>
    </header>
  );
}
