/**
 * The limits a task runs under: how many tester (red) and builder (green) dispatches, and how
 * many minutes of wall clock once its first non-batch attempt starts the clock.
 */
import type { AttemptPhase } from './ledger.js';

export interface AttemptLimits {
  red: number;
  green: number;
  perTaskMinutes: number;
}

/** Config `attempts: { red: 2, green: 3 }`, `budgets: { perTaskMinutes: 30 }`. */
export const DEFAULT_LIMITS: Readonly<AttemptLimits> = { red: 2, green: 3, perTaskMinutes: 30 };

/** The slices of the configuration this folder reads (config/validate checks their types). */
export interface AttemptsConfig {
  attempts?: Partial<Record<AttemptPhase, number>>;
  budgets?: { perTaskMinutes?: number };
}

/**
 * Config values → limits, defaults for what is absent. Validation belongs to config/validate;
 * this only refuses to turn a value it cannot use into a limit (it falls back to the default).
 */
export function limitsFromConfig(attempts: AttemptsConfig['attempts'], budgets: AttemptsConfig['budgets']): AttemptLimits {
  const count = (v: unknown, d: number) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : d);
  const minutes = budgets?.perTaskMinutes;
  return {
    red: count(attempts?.red, DEFAULT_LIMITS.red),
    green: count(attempts?.green, DEFAULT_LIMITS.green),
    perTaskMinutes: typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_LIMITS.perTaskMinutes,
  };
}
