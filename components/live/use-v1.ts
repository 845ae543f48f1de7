'use client';
/**
 * react-query over the dashboard's /v1 reads. Key: ['v1', path-with-query]; LiveProvider
 * invalidates by path when live events change what a query shows. `initialData` is the server
 * render's copy, so the first paint never waits for the network.
 */
import { useQuery } from '@tanstack/react-query';
import { viewerFetch } from '@/browser/live/viewer-fetch';

export function useV1<T>(path: string, initialData?: T) {
  return useQuery<T>({
    queryKey: ['v1', path],
    queryFn: ({ signal }) => viewerFetch<T>(path, signal),
    initialData,
    initialDataUpdatedAt: initialData ? Date.now() : undefined,
  });
}
