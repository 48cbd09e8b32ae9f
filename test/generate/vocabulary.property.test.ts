/**
 * For random correct generator files of each style (tree grammar, layers,
 * .gdl graph rules, blueprints), mutating one reserved relation's arity or one
 * argument's kind always gives a located error at the mutated statement: never
 * a file that loads (and would generate a changed artifact).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { parseBlueprints } from '../../src/generate/blueprints/library.js';
import { lintLibrary } from '../../src/generate/blueprints/lint.js';
import { compileGrammar } from '../../src/generate/grammar/index.js';
import { compileGraphGrammar } from '../../src/generate/graph/index.js';
import { prepareLayers } from '../../src/generate/layers/index.js';
import { load } from '../helpers.js';

type Kind = 'num' | 'other';
interface Arg {
  text: string;
  kind: Kind;
}
interface St {
  pred: string;
  args: Arg[];
  /** Written as a rule with this body (else a fact). */
  body?: string;
  /** Whether the mutation may touch it (a reserved relation whose arity is fixed). */
  mutable: boolean;
}

const n = (v: number | string): Arg => ({ text: String(v), kind: 'num' });
const o = (v: string): Arg => ({ text: v, kind: 'other' });
const render = (s: St) => {
  const atom = `(${s.pred}${s.args.map((a) => ' ' + a.text).join('')})`;
  return s.body ? `(<= ${atom} ${s.body})` : atom;
};

type Mutation = { index: number; op: 'drop' | 'add' | 'kind'; arg: number };

/** A mutation of one mutable statement: one argument fewer, one more, or a name where a number is needed. */
function mutation(sts: readonly St[]): fc.Arbitrary<Mutation> {
  const candidates = sts.flatMap((s, index) => (s.mutable ? [index] : []));
  return fc.constantFrom(...candidates).chain((index) => {
    const s = sts[index] as St;
    const nums = s.args.flatMap((a, i) => (a.kind === 'num' ? [i] : []));
    const ops: Array<Mutation['op']> = ['drop', 'add', ...(nums.length > 0 ? (['kind'] as const) : [])];
    return fc.constantFrom(...ops).chain((op) => (op === 'kind' ? fc.constantFrom(...nums) : fc.constant(0)).map((arg) => ({ index, op, arg })));
  });
}

function apply(sts: readonly St[], m: Mutation): string {
  return sts
    .map((s, i) => {
      if (i !== m.index) return render(s);
      const args = [...s.args];
      if (m.op === 'drop') args.pop();
      else if (m.op === 'add') args.push(o('extra'));
      else args[m.arg] = o('zz');
      return render({ ...s, args });
    })
    .join('\n');
}

/** The first error of `f` (a GramlogError, or the first error of a list of diagnostics). */
function firstError(f: () => unknown): { line: number | undefined; code: string } | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof GramlogError) return { line: e.span?.line, code: e.code };
    throw e;
  }
  return undefined;
}

function expectLocated(text: string, line: number, f: () => unknown): void {
  const e = firstError(f);
  expect(e, `no error for the mutated file:\n${text}`).toBeDefined();
  expect(e?.line, `${e?.code} not at line ${line}:\n${text}`).toBe(line);
}

const RUNS = { numRuns: 60 };

// ---- tree grammars ----
const grammarFile: fc.Arbitrary<St[]> = fc
  .record({
    nts: fc.integer({ min: 1, max: 3 }),
    rules: fc.array(fc.record({ nt: fc.nat(2), w: fc.integer({ min: 1, max: 5 }), kids: fc.array(fc.nat(4), { maxLength: 2 }) }), { minLength: 1, maxLength: 5 }),
    pre: fc.array(fc.record({ pred: fc.constantFrom('setprob', 'addprob', 'scaleprob', 'forbid', 'force', 'transfer', 'normalizeto', 'forbidexcept'), rule: fc.nat(4), rule2: fc.nat(4), v: fc.integer({ min: 0, max: 9 }), d: fc.nat(5) }), { maxLength: 3 }),
    maxdepth: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    param: fc.boolean(),
  })
  .map(({ nts, rules, pre, maxdepth, param }) => {
    const sts: St[] = [{ pred: 'start', args: [o('nt0')], mutable: true }];
    const names: string[] = [];
    const used = new Set<number>();
    rules.forEach((r, i) => {
      const nt = r.nt % nts;
      used.add(nt);
      names.push(`r${i}`);
      sts.push({ pred: 'rule', args: [o(`nt${nt}`), o(`r${i}`), n(r.w)], mutable: true });
      r.kids.forEach((k, j) => sts.push({ pred: 'child', args: [o(`r${i}`), n(j), o(k < nts ? `nt${k}` : `t${k}`)], mutable: true }));
    });
    if (!used.has(0)) sts.push({ pred: 'rule', args: [o('nt0'), o('rs'), n(1)], mutable: true }), names.push('rs');
    const rule = (k: number) => o(names[k % names.length] as string);
    for (const p of pre) {
      const body = `(depth ?n ${p.d})`;
      const args =
        p.pred === 'transfer'
          ? [o('?n'), rule(p.rule), rule(p.rule2)]
          : p.pred === 'normalizeto'
            ? [o('?n'), n(p.v + 1)]
            : p.pred === 'forbid' || p.pred === 'force' || p.pred === 'forbidexcept'
              ? [o('?n'), rule(p.rule)]
              : [o('?n'), rule(p.rule), n(p.v)];
      sts.push({ pred: p.pred, args, body, mutable: true });
    }
    if (maxdepth !== undefined) sts.push({ pred: 'maxdepth', args: [n(maxdepth)], mutable: true });
    if (param) sts.push({ pred: 'param', args: [o('size'), o('3')], mutable: true }); // VALUE is any term
    return sts;
  });

// ---- layers ----
const layersFile: fc.Arbitrary<St[]> = fc
  .array(
    fc.record({
      sites: fc.integer({ min: 1, max: 3 }),
      chance: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      sitechance: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      between: fc.option(fc.nat(1), { nil: undefined }),
      onviolation: fc.option(fc.constantFrom('resample', 'fail'), { nil: undefined }),
      allow: fc.boolean(),
      group: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((layers) => {
    const sts: St[] = [];
    layers.forEach((l, i) => {
      const name = `layer${i}`;
      sts.push({ pred: 'layer', args: [o(name), n(i + 1)], mutable: true });
      for (let k = 1; k <= l.sites; k++) sts.push({ pred: 'site', args: [o(name), o(String(k))], mutable: true }); // KEY is any term
      if (l.chance !== undefined) sts.push({ pred: 'chance', args: [o(name), n(l.chance / 10)], mutable: true });
      if (l.sitechance !== undefined) sts.push({ pred: 'sitechance', args: [o(name), o('1'), n(l.sitechance / 10)], mutable: true });
      if (l.between !== undefined) sts.push({ pred: 'between', args: [o(name), n(l.between), n(l.sites)], mutable: true });
      if (l.onviolation) sts.push({ pred: 'onviolation', args: [o(name), o(l.onviolation)], mutable: true });
      if (l.allow) sts.push({ pred: 'allow', args: [o(name), o('1')], mutable: true });
      if (l.group) sts.push({ pred: 'group', args: [o(name), o('1'), o('g')], mutable: true });
      if (i > 0) sts.push({ pred: 'allow', args: [o(name), o('?k')], body: `(site ${name} ?k) (not (placed layer${i - 1} ?k))`, mutable: true });
    });
    return sts;
  });

// ---- .gdl graph rules ----
const graphFile: fc.Arbitrary<St[]> = fc
  .array(
    fc.record({
      w: fc.integer({ min: 1, max: 5 }),
      limit: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
      delay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      stage: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      item: fc.constantFrom('(node ?x b)', '(keep ?x)', '(keep ?x) (node ?y c) (edge ?x ?y e)'),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .chain((rules) =>
    fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }).map((total) => {
      const sts: St[] = [{ pred: 'graphstart', args: [o('a')], mutable: true }];
      if (total !== undefined) sts.push({ pred: 'graphlimit', args: [n(total)], mutable: true });
      rules.forEach((r, i) => {
        const g = `g${i}`;
        sts.push({ pred: 'graphrule', args: [o(g), n(r.w)], mutable: true });
        sts.push({ pred: g, args: [o('?x')], body: '(node ?x a)', mutable: false });
        sts.push({ pred: 'rewrite', args: [o(g), o(r.item)], mutable: false });
        if (r.limit !== undefined) sts.push({ pred: 'graphlimit', args: [o(g), n(r.limit)], mutable: true });
        if (r.delay !== undefined) sts.push({ pred: 'graphdelay', args: [o(g), n(r.delay)], mutable: true });
        if (r.stage !== undefined) sts.push({ pred: 'graphstage', args: [o(g), n(r.stage)], mutable: true });
      });
      return sts;
    }),
  );

describe('a mutated reserved relation is a located error at the mutated statement', () => {
  it('tree grammars', () => {
    fc.assert(
      fc.property(grammarFile.chain((sts) => mutation(sts).map((m) => [sts, m] as const)), ([sts, m]) => {
        expect(() => compileGrammar(sts.map(render).join('\n'), { file: 'g.gdl' })).not.toThrow();
        const text = apply(sts, m);
        expectLocated(text, m.index + 1, () => compileGrammar(text, { file: 'g.gdl' }));
      }),
      RUNS,
    );
  });

  it('layer files', () => {
    fc.assert(
      fc.property(layersFile.chain((sts) => mutation(sts).map((m) => [sts, m] as const)), ([sts, m]) => {
        expect(() => prepareLayers(load(sts.map(render).join('\n'), 'l.gdl'))).not.toThrow();
        const text = apply(sts, m);
        expectLocated(text, m.index + 1, () => prepareLayers(load(text, 'l.gdl')));
      }),
      RUNS,
    );
  });

  it('.gdl graph rules, declarations and rewrite items', () => {
    const withItem = graphFile.chain((sts) =>
      fc.oneof(
        mutation(sts).map((m) => ({ sts, m, text: apply(sts, m), line: m.index + 1 })),
        // one rewrite item with an argument fewer or more
        fc.constantFrom(...sts.flatMap((s, i) => (s.pred === 'rewrite' ? [i] : []))).chain((i) =>
          fc.constantFrom('drop', 'add').map((op) => {
            const text = sts
              .map((s, j) => {
                if (j !== i) return render(s);
                const item = (s.args[1] as Arg).text.replace(/^\((\w+) ([^)]*)\)/, (_, f: string, a: string) => {
                  const args = a.split(' ');
                  if (op === 'drop') args.pop();
                  else args.push('extra');
                  return `(${f}${args.length ? ' ' + args.join(' ') : ''})`;
                });
                return render({ ...s, args: [s.args[0] as Arg, o(item)] });
              })
              .join('\n');
            return { sts, m: undefined, text, line: i + 1 };
          }),
        ),
      ),
    );
    fc.assert(
      fc.property(withItem, ({ sts, text, line }) => {
        expect(() => compileGraphGrammar(sts.map(render).join('\n'), { file: 'g.gdl' })).not.toThrow();
        expectLocated(text, line, () => compileGraphGrammar(text, { file: 'g.gdl' }));
      }),
      RUNS,
    );
  });

  it('blueprints: a built-in function with an argument fewer or more, or a string where a number is needed', () => {
    const CALLS: Array<[string, number[]]> = [
      ['rand', [1, 6]],
      ['-', [9, 2]],
      ['/', [8, 2]],
      ['+', [1, 2]],
      ['*', [2, 3]],
      ['min', [3, 4]],
      ['max', [3, 4]],
    ];
    const library = fc.array(fc.record({ call: fc.constantFrom(...CALLS), key: fc.constantFrom('a', 'b', 'c') }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        library.chain((props) => fc.record({ props: fc.constant(props), at: fc.nat(props.length - 1), op: fc.constantFrom('drop', 'add', 'kind') })),
        ({ props, at, op }) => {
          const lines = (mutate: boolean) =>
            props.map((p, i) => {
              const [f, args] = p.call;
              let a = args.map(String);
              if (mutate && i === at) {
                // rand and / take exactly two arguments, - one or two; +, *, min and max any number, so they get a string instead
                if (op === 'drop' && (f === 'rand' || f === '/')) a = a.slice(0, 1);
                else if (op === 'add' && (f === 'rand' || f === '-' || f === '/')) a = [...a, '1'];
                else a = ['"x"', ...a.slice(1)];
              }
              return `  @property ${p.key}${i} = (${f} ${a.join(' ')})`;
            });
          const text = (mutate: boolean) => ['@blueprint B', ...lines(mutate), '@end', ''].join('\n');
          const lib = parseBlueprints(text(false), { file: 'b.bp' });
          expect(lintLibrary(lib).filter((d) => d.severity === 'error')).toEqual([]);
          const mutated = text(true);
          let line: number | undefined;
          try {
            const findings = lintLibrary(parseBlueprints(mutated, { file: 'b.bp' })).filter((d) => d.severity === 'error');
            line = findings[0]?.span?.line;
          } catch (e) {
            if (!(e instanceof GramlogError)) throw e;
            line = e.span?.line;
          }
          expect(line, mutated).toBe(at + 2);
        },
      ),
      RUNS,
    );
  });
});
