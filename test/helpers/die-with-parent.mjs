/**
 * Preloaded into every test server process (test/helpers/server.ts spawnServer, `--import`): once a
 * second it checks that the test process that started it is still its parent, and exits (code 1)
 * when it is not. A test worker killed by a signal (vitest stopping a file whose start hook timed
 * out) runs no exit handler, and its half-started server — an all-sports replay at 120× once —
 * otherwise kept a core busy for the rest of the run, slowing every later file.
 */
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    console.error(`die-with-parent: test process ${parent} is gone; exiting`);
    process.exit(1);
  }
}, 1000).unref();
