import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/** vitest related ran without established project bounds (runners/vitest-workspace.ts): said, never refused. */
export function evaluateRelatedProjectsUnread(input: GateInput): Finding[] {
  const entries = input.run?.relatedUnread;
  return entries?.length ? [{ code: 'RELATED_PROJECTS_UNREAD', severity: 'info', data: { entries } }] : [];
}
