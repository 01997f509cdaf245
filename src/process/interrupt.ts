/**
 * Ctrl-C during a hook. node's default is to die at once, and then no `finally` runs: a temp dir
 * or a scratch lock would be left behind. For the life of a hook, SIGINT and SIGTERM are recorded
 * instead; no new child process starts after one (a child that runs gets its group killed, see
 * spawn.ts), every step unwinds through its cleanup, and the verdict is "could not verify".
 * The record is on globalThis: the CLI's bundles each carry their own copy of this module.
 */
const KEY = Symbol.for('tdd-hooks.interrupted');
type Shared = { [KEY]?: NodeJS.Signals };

export function interruptedBy(): NodeJS.Signals | undefined {
  return (globalThis as Shared)[KEY];
}

export function trapInterrupts(): void {
  const record = (signal: NodeJS.Signals) => () => {
    (globalThis as Shared)[KEY] ??= signal;
  };
  process.on('SIGINT', record('SIGINT'));
  process.on('SIGTERM', record('SIGTERM'));
}
