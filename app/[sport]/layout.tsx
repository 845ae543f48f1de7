import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { isSport } from '@/lib/sports';

/** /{sport}/… pages (fixtures, results, standings, odds): an unknown sport slug is a 404. */
export default async function SportLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ sport: string }>;
}) {
  const { sport } = await params;
  if (!isSport(sport)) notFound();
  return children;
}
