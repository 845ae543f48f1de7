/**
 * The header on every page: brand, main navigation, live-connection state and theme toggle. On a
 * phone the fans' links (Live, Fixtures, Results, Standings, Odds) fill one row under the brand and
 * the rest (API, Get a key, About, Operators) sit behind "More"; from 1024 px all are inline.
 */
import Link from 'next/link';
import { ConnectionIndicator } from '@/components/live/ConnectionIndicator';
import { MoreMenu } from './MoreMenu';
import { ThemeToggle } from './ThemeToggle';
import type { Theme } from './viewer-prefs';

const NAV = [
  { href: '/', label: 'Live' },
  { href: '/football/fixtures', label: 'Fixtures' },
  { href: '/football/results', label: 'Results' },
  { href: '/football/standings', label: 'Standings' },
  { href: '/football/odds', label: 'Odds' },
];
const MORE = [
  { href: '/my-teams', label: 'My teams' },
  { href: '/search', label: 'Search' },
  { href: '/docs/api', label: 'API' },
  { href: '/keys', label: 'Get a key' },
  { href: '/about', label: 'About' },
  { href: '/ops/health', label: 'Operators' },
];

export function SiteHeader({ theme }: { theme: Theme }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
        <Link prefetch={false} href="/" className="text-lg font-extrabold tracking-tight no-underline">
          Score<span className="text-accent">line</span>
        </Link>
        <nav
          aria-label="Main"
          className="order-3 flex w-full justify-between gap-1 text-sm sm:order-none sm:w-auto sm:justify-start"
        >
          {NAV.map((n) => (
            <Link
              prefetch={false}
              key={n.href}
              href={n.href}
              className="rounded-md px-2 py-1.5 no-underline hover:bg-card sm:px-2.5"
            >
              {n.label}
            </Link>
          ))}
          {MORE.map((n) => (
            <Link
              prefetch={false}
              key={n.href}
              href={n.href}
              className={`hidden rounded-md px-2.5 py-1.5 no-underline hover:bg-card lg:inline ${n.href.startsWith('/ops') ? 'text-muted' : ''}`}
            >
              {n.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <MoreMenu links={MORE} />
          <ConnectionIndicator />
          <ThemeToggle initial={theme} />
        </div>
      </div>
    </header>
  );
}
