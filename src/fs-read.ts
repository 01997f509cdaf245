/**
 * Small synchronous reads where a missing or unreadable file is an answer, not an error: the one
 * home of helpers that every shell folder used to write for itself. (A reader that must tell
 * "missing" from "corrupt", like state/store.ts, keeps its own.)
 */
import { readFileSync, statSync } from 'node:fs';

/** A file's text; undefined when it is missing or cannot be read. */
export function readTextOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A file's JSON value; undefined when it is missing, unreadable or not JSON. */
export function readJsonOr(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A JSON object from a file; undefined when missing, unreadable or not an object. */
export function readJsonObject(path: string): Record<string, unknown> | undefined {
  const v = readJsonOr(path);
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A file, or a link to one. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A folder, or a link to one. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
