/**
 * JSON text → value, or where it breaks as line:column (1-based), which V8 gives only as an
 * offset: `Expected ',' or '}' after property value in JSON at position 45`. Pure.
 */
export type JsonText = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /line (\d+) column (\d+)/.exec(message);
    if (at) return { ok: false, message: message.replace(/\s*\(line \d+ column \d+\)/, ''), line: Number(at[1]), column: Number(at[2]) };
    // No position (`Unexpected end of JSON input`): it breaks at the end.
    const offset = Math.min(Number(/at position (\d+)/.exec(message)?.[1] ?? text.length), text.length);
    const before = text.slice(0, offset).split('\n');
    return { ok: false, message: message.replace(/ in JSON at position \d+.*$/, ''), line: before.length, column: before.at(-1)!.length + 1 };
  }
}
