/** Findings → human lines. Pure; colour is a flag. */
import { styleText } from 'node:util';
import type { Finding } from '../types.js';
import { formatFinding } from './messages.js';

type Style = 'red' | 'green' | 'yellow' | 'dim' | 'bold' | 'cyan';

export function paint(color: boolean, style: Style, text: string): string {
  return color ? styleText(style, text) : text;
}

const MARK: Record<Finding['severity'], [string, Style]> = { error: ['✗', 'red'], warn: ['!', 'yellow'], info: ['·', 'dim'] };

/** One finding per line, its next step indented below. */
export function formatFindings(findings: Finding[], color: boolean): string[] {
  const lines: string[] = [];
  for (const f of findings) {
    const { what, next } = formatFinding(f);
    const [mark, style] = MARK[f.severity];
    lines.push(`  ${paint(color, style, mark)} ${what} ${paint(color, 'dim', `[${f.code}]`)}`);
    if (next && f.severity !== 'info') lines.push(`    ${paint(color, 'cyan', 'next:')} ${next}`);
  }
  return lines;
}

/** JSON form of a finding, with its wording for readers that do not want to map codes. */
export function findingJson(f: Finding): Record<string, unknown> {
  const { what, next } = formatFinding(f);
  return { ...f, message: what, ...(next ? { next } : {}) };
}
