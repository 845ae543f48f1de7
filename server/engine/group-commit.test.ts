/**
 * GroupCommit's grouping and failure rules, on a real single-writer queue (a promise chain like
 * FeedEngine's `serial`): calls made while a run is under way are run together when their turn
 * comes; a group that fails is run again call by call, so only the failing call fails.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupRunner } from './group-commit';

/** A writer queue and a runner that records what ran, failing any group or call containing `fail`. */
function setup(maxCalls = 256) {
  let tail: Promise<unknown> = Promise.resolve();
  const ran: string[][] = [];
  const runner: GroupRunner<string, string> = {
    schedule(run) {
      tail = tail.then(run);
    },
    async runGroup(inputs) {
      await new Promise((r) => setTimeout(r, 5));
      if (inputs.includes('fail')) throw new Error('group failed');
      ran.push([...inputs]);
      return { outs: inputs.map((i) => `${i}!`), committed: () => undefined };
    },
    async runOne(input) {
      await new Promise((r) => setTimeout(r, 5));
      if (input === 'fail') throw new Error('fail failed');
      ran.push([input]);
      return `${input}!`;
    },
  };
  return { gc: new GroupCommit(runner, () => 1, maxCalls), ran };
}

describe('group commit', () => {
  it('runs the first call alone and the calls made meanwhile as one group, in order', async () => {
    const { gc, ran } = setup();
    const first = gc.submit('a');
    await Promise.resolve(); // 'a' has started
    const rest = ['b', 'c', 'd'].map((x) => gc.submit(x));
    expect(await Promise.all([first, ...rest])).toEqual(['a!', 'b!', 'c!', 'd!']);
    expect(ran).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('a failing group is run call by call: the failing call rejects, the others resolve', async () => {
    const { gc, ran } = setup();
    const first = gc.submit('a');
    const results = await Promise.allSettled([first, gc.submit('b'), gc.submit('fail'), gc.submit('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a!',
      'b!',
      'fail failed',
      'c!',
    ]);
    expect(ran).toEqual([['a'], ['b'], ['c']]);
  });

  it('a full group starts the next one', async () => {
    const { gc, ran } = setup(2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((x) => gc.submit(x));
    expect(await Promise.all(all)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
    expect(ran).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });
});
