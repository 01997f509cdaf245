import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../../src/config/json-text.js';

describe('parseJsonText', () => {
  it.each([
    ['{\n  "runner": "vitest",\n  "timeoutSeconds" 30\n}\n', 3, 20],
    ['{\n  "runner": "vitest",\n}\n', 3, 1],
    ['{', 1, 2],
    ['', 1, 1],
  ])('%j breaks at %i:%i', (text, line, column) => expect(parseJsonText(text)).toMatchObject({ ok: false, line, column }));
  it('parses JSON', () => expect(parseJsonText('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } }));
});
