/**
 * Data never becomes code or prototype (issue 20, class 1). Random labels,
 * start graphs, blueprint properties and params whose keys are drawn from
 * the names JavaScript gives meaning to (`__proto__`, `constructor`,
 * `prototype`, `toString`, ...) go through every style, and afterwards
 * `Object.prototype` is exactly what it was, no raw TypeError escaped, and
 * the reserved names came out as data (or as a located error), never as
 * JavaScript's functions.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compileGraphGrammar,
  formatGraphDot,
  formatGraphJson,
  formatGraphText,
  formatMasterText,
  generate,
  generateGraph,
  master,
  masterJson,
  parseBlueprints,
  readGraphInput,
} from '../../src/api/checked.js';
import { GramlogError } from '../../src/errors.js';

const RESERVED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'toJSON', 'length', 'dot', '__defineGetter__', 'isPrototypeOf'];
const key = fc.oneof(fc.constantFrom(...RESERVED), fc.string({ maxLength: 4 }));
const scalar = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('a', 'b', '', 'x y'), fc.boolean(), fc.constant(null));
/** A JSON label: scalars, arrays and objects keyed by reserved names. */
const label: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
})).value;

const protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
const protoValues = new Map(protoNames.map((n) => [n, Object.getOwnPropertyDescriptor(Object.prototype, n)]));

function prototypeIntact(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames);
  for (const n of protoNames) expect(Object.getOwnPropertyDescriptor(Object.prototype, n), n).toEqual(protoValues.get(n));
  expect(Object.getPrototypeOf(Object.prototype)).toBeNull();
  const plain: Record<string, unknown> = {};
  for (const k of ['polluted', 'x', 'a', 'b', '']) expect(plain[k], k).toBeUndefined();
}

/** Run `f`: a result or a GramlogError, nothing else. */
function contained(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (e instanceof GramlogError) return e;
    throw e;
  }
}

/** JSON text of a value with every key as written (JSON.stringify keeps an own "__proto__" key). */
function json(v: unknown): string {
  return JSON.stringify(v);
}

beforeEach(prototypeIntact);
afterEach(prototypeIntact);

describe('graph labels are data', () => {
  const copy = (expr: string) =>
    compileGraphGrammar(`{"start": "S", "limit": 2, "rules": [{"lhs": {"node": [{"id": "a"}]}, "rhs": {"node": [{"id": "a", "label": ${expr}}]}}]}`);

  it('random start-graph labels copied by $merge, $assign, $extend, $eval and interpolation, formatted every way', () => {
    const grammars = [
      copy('{"$merge": [{}, {"$eval": "$a.label"}]}'),
      copy('{"$merge": [{"$eval": "$a.label"}, {"$eval": "$a.label"}]}'),
      copy('{"$assign": [{}, {"$eval": "$a.label"}]}'),
      copy('{"$extend": [{"k": 1}, {"$eval": "$a.label"}]}'),
      copy('"<${a.label}|${a.label.name}|${a.label.length}>"'),
      copy('{"$eval": ["$a.label.name", "$a.label.length"]}'),
    ];
    // a path through a member JavaScript gives every object is refused at load (issue 32): it could only ever be nothing
    for (const expr of ['"<${a.label}|${a.label.__proto__}|${a.label.constructor}|${a.label.toString}>"', '{"$eval": "$a.label.constructor"}', '{"$eval": ["$a.label.__proto__", "$a.label.prototype"]}']) {
      const e = contained(() => copy(expr));
      expect(e, expr).toBeInstanceOf(GramlogError);
      expect((e as GramlogError).code, expr).toBe('graph/bad-label-expr');
    }
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.nat(grammars.length - 1), (labels, g) => {
        const text = json({ nodes: labels.map((l, i) => ({ v: `n${i}`, value: l })), edges: [] });
        const start = contained(() => readGraphInput(text, 'start.json'));
        if (start instanceof GramlogError) return;
        const a = contained(() => generateGraph(grammars[g] as never, 1, { graph: start as never }));
        if (a instanceof GramlogError) return;
        const out = [formatGraphJson(a as never), formatGraphDot(a as never), formatGraphText(a as never)].join('\n');
        // nothing JavaScript ever shows up as a label's text
        expect(out).not.toContain('[native code]');
        expect(out).not.toContain('function ');
        prototypeIntact();
      }),
      { numRuns: 150, seed: 1 },
    );
  });

  it('a __proto__ label merged into another stays a key of that label', () => {
    const g = copy('{"$merge": [{}, {"$eval": "$a.label"}]}');
    const start = readGraphInput('{"nodes": [{"v": "n", "value": {"__proto__": {"polluted": 1}}}]}', 'start.json');
    const a = generateGraph(g, 0, { graph: start });
    expect(JSON.parse(formatGraphJson(a)).nodes[0].label).toEqual(JSON.parse('{"__proto__": {"polluted": 1}}'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('${a.label.length} of a string label is nothing, not a JavaScript property; ${a.label.constructor} is refused at load', () => {
    const a = generateGraph(copy('"x${a.label.length}y"'), 0);
    expect(a.nodes[0]?.label).toBe('xy');
    expect((contained(() => copy('{"$eval": "$a.label.constructor"}')) as GramlogError).code).toBe('graph/bad-label-expr');
  });

  it('labels {"toString": "x"} and {"dot": null} format as data', () => {
    const g = copy('{"$eval": "$a.label"}');
    for (const l of ['{"toString": "x"}', '{"dot": null}', '{"dot": {"toString": 1}}', '{"valueOf": 3, "toJSON": "j"}']) {
      const a = generateGraph(g, 0, { graph: readGraphInput(`{"nodes": [{"v": "n", "value": ${l}}]}`, 's.json') });
      expect(JSON.parse(formatGraphJson(a)).nodes[0].label).toEqual(JSON.parse(l));
      expect(formatGraphText(a)).toContain(JSON.stringify(JSON.parse(l)));
      expect(formatGraphDot(a)).toContain('digraph');
    }
  });
});

describe('blueprint properties are data', () => {
  const name = fc.constantFrom(...RESERVED.filter((n) => /^[A-Za-z_]\w*$/.test(n)));

  it('any reserved property name is mastered as a property; &source reads only own properties', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), name, fc.integer({ min: -9, max: 9 }), (props, read, n) => {
        const text = [
          '@blueprint B',
          ...props.map((p, i) => `  @property ${p} = ${n + i}`),
          '@end',
          '@mod M',
          `  @property out = &source.${read}`,
          '@end',
          '@factory {F}',
          '  @substitute B',
          '  @modlist (M)',
          '@end',
        ].join('\n');
        const lib = contained(() => parseBlueprints(text, { file: 'p.bp' }));
        if (lib instanceof GramlogError) return;
        const m = master(lib as never, 'B', { seed: 1 });
        expect(Object.keys(m.properties)).toEqual(props);
        expect(JSON.parse(masterJson(m)).properties).toEqual(JSON.parse(json(Object.fromEntries(props.map((p, i) => [p, n + i])))));
        expect(formatMasterText(m)).toContain(`${props[0]} = ${n}`);
        const f = contained(() => master(lib as never, '{F}', { seed: 1 }));
        if (props.includes(read)) expect((f as { properties: Record<string, unknown> }).properties['out']).toBe(n + props.indexOf(read));
        else expect((f as GramlogError).code).toBe('blueprint/missing-source');
        prototypeIntact();
      }),
      { numRuns: 100, seed: 2 },
    );
  });
});

describe('params are data', () => {
  it('a --param whose key is a reserved name is refused by name or applied, never ignored', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RESERVED.filter((n) => /^[a-z_]\w*$/i.test(n))), fc.boolean(), (k, declared) => {
        const text = `(start s) (rule s a 1) ${declared ? `(param ${k} 3) (<= (attr ?n v ?x) (symbol ?n s) (param ${k} ?x))` : ''}`;
        const params = JSON.parse(`{${JSON.stringify(k)}: "7"}`) as Record<string, string>;
        const r = contained(() => generate(text, { params, seed: 1 }));
        if (declared) {
          expect(r).not.toBeInstanceOf(GramlogError);
          expect(JSON.stringify((r as { root: { attrs: unknown } }).root.attrs)).toContain('"v":"7"');
        } else {
          expect((r as GramlogError).code).toBe('generate/unknown-param');
          expect((r as GramlogError).message).toContain(k);
        }
      }),
      { numRuns: 40, seed: 3 },
    );
  });
});
