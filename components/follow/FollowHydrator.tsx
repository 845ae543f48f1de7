'use client';
/** Loads the followed teams from localStorage once the page has hydrated (root layout). */
import { useEffect } from 'react';
import { useFollow } from './follow-store';

export function FollowHydrator() {
  useEffect(() => {
    void useFollow.persist.rehydrate();
  }, []);
  return null;
}
