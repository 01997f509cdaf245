/**
 * Repository text (commit subjects, task ids, paths, reasons) made inert for each output format.
 * Pure. A subject like `<script>alert(1)</script>` stays text everywhere.
 */
import { plain } from './wording.js';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return plain(text).replace(/[&<>"']/g, (c) => HTML[c]!);
}

/**
 * For a Markdown table cell or inline text (GitHub-flavoured): HTML is neutralised with entities,
 * and the characters that make emphasis, code, links, tables or headings are backslash-escaped.
 */
export function escapeMarkdown(text: string): string {
  return plain(text)
    .replace(/[&<>]/g, (c) => HTML[c]!)
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`);
}
