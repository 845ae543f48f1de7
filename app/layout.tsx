import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Scoreline — live sports data',
  description: 'Self-hosted live scores, fixtures, results, standings and odds.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="top">
          <a href="/" className="brand">Scoreline</a>
          <nav>
            <a href="/">Live</a>
            <a href="/about">About &amp; data credits</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
