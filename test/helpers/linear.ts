/**
 * Linear, judged on this process's CPU time, not the wall clock: a quadratic path through a long
 * input costs seconds of CPU (millions of steps of look-back), a linear one milliseconds, and a
 * loaded machine (other processes on the same cores) slows the wall clock but adds no CPU time to
 * ours. vitest runs each test file in a process of its own (pool: forks), so no other test's work
 * is counted either.
 */
export async function cpuMsOf(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}
