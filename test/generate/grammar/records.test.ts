/**
 * Argument and attribute records of an artifact are built in V8's fast mode
 * and then given a null prototype (artifact.ts pairsToRecord): the same
 * records as before, including keys such as `__proto__` and `constructor`.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../../src/generate/grammar/index.js';
import { formatJson } from '../../../src/generate/grammar/format-json.js';

describe('artifact records', () => {
  it('are null-prototype records with every key as an own data property, __proto__ included', () => {
    const a = generate('(start s) (startarg __proto__ 1) (startarg a 2)\n(rule s x 1)\n(<= (attr ?n constructor 3) (symbol ?n s))\n');
    expect(Object.getPrototypeOf(a.root.args)).toBe(null);
    expect(Object.getPrototypeOf(a.root.attrs)).toBe(null);
    expect(Object.keys(a.root.args)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(a.root.args, '__proto__')?.value).toBe('1');
    expect(a.root.attrs['constructor']).toBe('3');
    expect(formatJson(a)).toBe('{"format":"generate-tree/4","seed":0,"root":{"symbol":"s","rule":"x","args":{"__proto__":1,"a":2},"attrs":{"constructor":3},"children":[]}}');
  });

  it('keep the pairs in key order for ordinary keys', () => {
    const a = generate('(start s) (startarg y 1) (startarg x 2) (startarg b 3)\n(rule s r 1)\n');
    expect(Object.getPrototypeOf(a.root.args)).toBe(null);
    expect(Object.entries(a.root.args)).toEqual([['b', '3'], ['x', '2'], ['y', '1']]);
  });
});
