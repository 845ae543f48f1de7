/**
 * Group commit for the single-writer queue: calls that arrive while the writer is busy are run
 * together, in arrival order, in one transaction when their turn comes — one commit (and on
 * PostgreSQL one round of the cluster-wide feed write lock) for the lot instead of one each, the
 * way databases group their log flushes. A burst of live events from several feeds then costs a
 * few transactions, not one per event.
 *
 * Each call still gets its own result. If the group's run fails, nothing of it was committed and
 * every call is run again on its own, in order, so one failing call fails only itself.
 */

interface Pending<I, O> {
  input: I;
  size: number;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/** How a GroupCommit runs its calls. */
export interface GroupRunner<I, O> {
  /** Queues `run` on the writer (e.g. FeedEngine's serial queue); it must run once, after the writes queued before it. */
  schedule(run: () => Promise<void>): void;
  /**
   * Runs several calls in one transaction; resolves once it committed, with one result per input
   * (in order) and `committed`, what follows a commit (publishing): run after, never retried.
   */
  runGroup(inputs: I[]): Promise<{ outs: O[]; committed: () => void }>;
  /** Runs one call in its own transaction. */
  runOne(input: I): Promise<O>;
}

export class GroupCommit<I, O> {
  /** The group still taking calls: queued on the writer, not started yet. */
  private open: Pending<I, O>[] | null = null;
  private openSize = 0;

  /**
   * `maxCalls` and `maxSize` bound one group (size: what `sizeOf` says of a call, e.g. its
   * events); a call that does not fit opens the next group.
   */
  constructor(
    private readonly runner: GroupRunner<I, O>,
    private readonly sizeOf: (input: I) => number,
    private readonly maxCalls = 256,
    private readonly maxSize = 5000,
  ) {}

  /** Runs `input` with the calls around it; resolves with its own result, rejects with its own error. */
  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const size = this.sizeOf(input);
      const pending = { input, size, resolve, reject };
      const open = this.open;
      if (open && open.length < this.maxCalls && this.openSize + size <= this.maxSize) {
        open.push(pending);
        this.openSize += size;
        return;
      }
      const group = [pending];
      this.open = group;
      this.openSize = size;
      this.runner.schedule(() => {
        if (this.open === group) this.open = null; // calls from now on queue behind this group
        return this.run(group);
      });
    });
  }

  private async run(group: Pending<I, O>[]): Promise<void> {
    if (group.length > 1) {
      let done: { outs: O[]; committed: () => void } | null = null;
      try {
        done = await this.runner.runGroup(group.map((p) => p.input));
      } catch {
        done = null; // nothing was committed: each call on its own below
      }
      if (done) {
        try {
          done.committed();
        } catch (err) {
          for (const p of group) p.reject(err); // committed, but not published: as a single call would
          return;
        }
        group.forEach((p, i) => p.resolve(done!.outs[i]));
        return;
      }
    }
    for (const p of group) {
      try {
        p.resolve(await this.runner.runOne(p.input));
      } catch (err) {
        p.reject(err);
      }
    }
  }
}
