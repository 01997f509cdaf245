import type { DoctorCode } from '../../../src/doctor/types.js';

/** The codes of the state-history check, tested in state-history.test.ts. */
export const STATE_HISTORY_CODES: DoctorCode[] = ['STATE_HISTORY_OK', 'STATE_RED_NOT_IN_HISTORY', 'STATE_RED_DISAGREES', 'STATE_BEHIND'];
