/**
 * The keyset cursor of the paged reads (fixtures, results, odds history): the last row's sort key,
 * opaque base64url JSON. Only a cursor this API issued is accepted.
 */
import { z } from 'zod';
import { INSTANT_RANGE_MESSAGE, INT32_MAX, instantInRange } from '@/lib/wire/bounds';
import { invalid, type InvalidParameter } from './result';

/** An ISO 8601 UTC instant with `Z` within years 0001–9999 (what this API writes and PostgreSQL reads back). */
export const utcInstant = z.iso.datetime().refine((s) => instantInRange(Date.parse(s)), INSTANT_RANGE_MESSAGE);

/** Keyset cursor: the last row's sort key. */
export interface Cursor {
  /** The last row's sort instant, ISO 8601 UTC. */
  k: string;
  /** The last row's id (a PostgreSQL integer). */
  i: number;
}

/** What a cursor must hold before any of it reaches SQL: an instant PostgreSQL accepts, an int32 id. */
const CursorSchema = z.strictObject({ k: utcInstant, i: z.number().int().min(0).max(INT32_MAX) });

/** The opaque string of a cursor (base64url JSON). */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/**
 * The cursor a string holds: undefined for none; InvalidParameter for a cursor that was not issued
 * by this API (any forged `k` or `i`).
 */
export function parseCursor(s: string | undefined): Cursor | undefined | InvalidParameter {
  if (!s) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    raw = undefined;
  }
  const c = CursorSchema.safeParse(raw);
  return c.success ? c.data : invalid('cursor: not a cursor returned by this API');
}
