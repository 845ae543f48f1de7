import { describe, expect, it } from 'vitest';
import { encodeCursor, parseCursor } from './cursor';
import { invalid, isNotFound, isReadFailure, missing, unwrapRead, UnexpectedReadFailure } from './result';

describe('read results', () => {
  it('tells a failure from a body (objects, arrays, null)', () => {
    const nf = missing('league_not_found', 'No football league "x".');
    expect(isReadFailure(nf)).toBe(true);
    expect(isNotFound(nf)).toBe(true);
    expect(isNotFound(invalid('cursor: not a cursor returned by this API'))).toBe(false);
    expect(isReadFailure({ data: [], next_cursor: null })).toBe(false);
    expect(isReadFailure([])).toBe(false);
    expect(isReadFailure(null)).toBe(false);
  });

  it('unwrapRead passes a body through and throws on a failure', () => {
    const body = { data: [1] };
    expect(unwrapRead(body)).toBe(body);
    expect(() => unwrapRead(missing('fixture_not_found', 'No football match with fixture_id 9.'))).toThrow(
      UnexpectedReadFailure,
    );
  });

  it('a cursor round-trips; a forged one is InvalidParameter', () => {
    const c = { k: '2024-05-19T15:00:00.000Z', i: 42 };
    expect(parseCursor(encodeCursor(c))).toEqual(c);
    expect(parseCursor(undefined)).toBeUndefined();
    expect(parseCursor(Buffer.from(JSON.stringify({ k: 'x', i: 1 })).toString('base64url'))).toEqual(
      invalid('cursor: not a cursor returned by this API'),
    );
    expect(parseCursor('%%%')).toMatchObject({ code: 'invalid_parameter' });
  });
});
