import { describe, expect, it } from 'vitest';
import { VersionedMemo } from './versioned-memo';

describe('VersionedMemo', () => {
  it('computes once per version, again when the version moves', async () => {
    const memo = new VersionedMemo<number>();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await memo.get('k', '1.10', Infinity, compute)).toBe(1);
    expect(await memo.get('k', '1.10', Infinity, compute)).toBe(1);
    expect(await memo.get('k', '1.11', Infinity, compute)).toBe(2);
    expect(await memo.get('other', '1.11', Infinity, compute)).toBe(3);
    expect(calls).toBe(3);
  });

  it('recomputes past maxAgeMs at the same version (a cluster sees some edits by no log)', async () => {
    const memo = new VersionedMemo<number>();
    let calls = 0;
    const compute = async () => ++calls;
    await memo.get('k', 'v', 2000, compute, 0);
    expect(await memo.get('k', 'v', 2000, compute, 2000)).toBe(1);
    expect(await memo.get('k', 'v', 2000, compute, 2001)).toBe(2);
  });

  it('keeps no failure: the next call computes again', async () => {
    const memo = new VersionedMemo<number>();
    await expect(memo.get('k', 'v', Infinity, async () => Promise.reject(new Error('store down')))).rejects.toThrow(
      'store down',
    );
    expect(await memo.get('k', 'v', Infinity, async () => 7)).toBe(7);
  });

  it('holds at most its capacity, dropping the least recently computed key', async () => {
    const memo = new VersionedMemo<string>(2);
    let calls = 0;
    const compute = (k: string) => async () => `${k}${++calls}`;
    await memo.get('a', 'v', Infinity, compute('a'));
    await memo.get('b', 'v', Infinity, compute('b'));
    await memo.get('c', 'v', Infinity, compute('c'));
    expect(await memo.get('b', 'v', Infinity, compute('b'))).toBe('b2');
    expect(await memo.get('a', 'v', Infinity, compute('a'))).toBe('a4');
  });
});
