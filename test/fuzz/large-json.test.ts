// A JSON input of 1 MB or more is read by the native parser with spans found on demand (src/syntax/json.ts,
// parseLargeJson); the Earley parse of smaller inputs is its oracle: the same value, the same span for every path,
// the same located errors.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { parseJson, parseLargeJson, type JsonPath } from '../../src/syntax/json.js';

function paths(v: unknown, at: Array<string | number> = [], out: JsonPath[] = []): JsonPath[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

function errorOf(run: () => unknown): { code: string; line?: number; column?: number } | undefined {
  try {
    run();
    return undefined;
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    return { code: e.code, ...(e.span ? { line: e.span.line, column: e.span.column } : {}) };
  }
}

test('the large-input reader agrees with the Earley parse: value and the span of every path (also missing ones)', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2), (value, indent) => {
      const text = JSON.stringify(value, null, indent) ?? 'null';
      const small = parseJson(text, 'f.json');
      const large = parseLargeJson(text, 'f.json');
      expect(large.value).toEqual(small.value);
      for (const p of [...paths(value), ['nope'], [0, 'x', 3]]) expect(large.spanAt(p)).toEqual(small.spanAt(p));
    }),
    { numRuns: 150, seed: 11 },
  );
});

test('the large-input reader gives the same located errors for bad words, characters, duplicate keys and depth', () => {
  const cases = ['{"a": 1, "a": 2}', '{"a": [1, tru]}', '{"a": 1 @ }', '[1, 2, "x\u0001"]', '['.repeat(1001) + ']'.repeat(1001)];
  for (const text of cases) {
    const small = errorOf(() => parseJson(text, 'f.json'));
    expect(small).toBeDefined();
    expect(errorOf(() => parseLargeJson(text, 'f.json'))).toEqual(small);
  }
  // a syntax error the token checks let through: JSON.parse's, at its offset
  expect(errorOf(() => parseLargeJson('{"a": 1,\n "b" 2}', 'f.json'))).toEqual({ code: 'graph/json-syntax', line: 2, column: 6 });
});

test('a start graph past 1 MB is read in linear time and a little memory', () => {
  const nodes = Array.from({ length: 40_000 }, (_, i) => ({ v: `n${i}`, value: 'room' }));
  const text = JSON.stringify({ nodes, edges: [] });
  expect(text.length).toBeGreaterThan(1 << 20);
  const t0 = performance.now();
  const doc = parseJson(text, 'g.json');
  expect(performance.now() - t0).toBeLessThan(5_000);
  expect((doc.value as { nodes: unknown[] }).nodes.length).toBe(40_000);
  expect(doc.spanAt(['nodes', 39_999, 'value']).line).toBe(1);
});
