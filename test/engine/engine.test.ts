import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { loadProgram, parseProgram } from '../../src/program/load.js';
import { errorOf } from '../helpers.js';

const run = (text: string) => evaluate(parseProgram(text, { file: 't.kif' }));

describe('evaluation', () => {
  it('computes a transitive closure', () => {
    const m = run(`(edge a b) (edge b c) (edge c d)
      (<= (path ?x ?y) (edge ?x ?y))
      (<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))`);
    expect(m.query('(path a ?y)')).toEqual(['(path a b)', '(path a c)', '(path a d)']);
    expect(m.query('(path ?x ?y)')).toHaveLength(6);
  });

  it('handles non-linear recursion (path joined with path)', () => {
    const edges = Array.from({ length: 30 }, (_, i) => `(e n${i} n${i + 1})`).join(' ');
    const m = run(`${edges} (<= (p ?x ?y) (e ?x ?y)) (<= (p ?x ?z) (p ?x ?y) (p ?y ?z))`);
    expect(m.query('(p ?x ?y)')).toHaveLength((31 * 30) / 2);
  });

  it('evaluates stratified negation after the relation it negates is complete', () => {
    const m = run(`(node a) (node b) (node c) (edge a b)
      (<= (reach a) (node a)) (<= (reach ?y) (reach ?x) (edge ?x ?y))
      (<= (unreached ?x) (node ?x) (not (reach ?x)))`);
    expect(m.query('(unreached ?x)')).toEqual(['(unreached c)']);
  });

  it('expands or, including under not', () => {
    const m = run(`(a 1) (b 2) (c 3) (n 1) (n 2) (n 3)
      (<= (ab ?x) (or (a ?x) (b ?x)))
      (<= (neither ?x) (n ?x) (not (or (a ?x) (b ?x))))`);
    expect(m.query('(ab ?x)')).toEqual(['(ab 1)', '(ab 2)']);
    expect(m.query('(neither ?x)')).toEqual(['(neither 3)']);
  });

  it('supports distinct and not distinct', () => {
    const m = run(`(v a) (v b)
      (<= (pair ?x ?y) (v ?x) (v ?y) (distinct ?x ?y))
      (<= (same ?x ?y) (v ?x) (v ?y) (not (distinct ?x ?y)))`);
    expect(m.query('(pair ?x ?y)')).toEqual(['(pair a b)', '(pair b a)']);
    expect(m.query('(same ?x ?y)')).toEqual(['(same a a)', '(same b b)']);
  });

  it('matches and builds compound terms', () => {
    const m = run(`(init (cell 1 1 b)) (init (cell 1 2 x)) (init (control white))
      (<= (marked ?x ?y ?m) (init (cell ?x ?y ?m)) (distinct ?m b))
      (<= (next (cell ?x ?y o)) (marked ?x ?y ?m))`);
    expect(m.query('(marked ?x ?y ?m)')).toEqual(['(marked 1 2 x)']);
    expect(m.query('(next ?c)')).toEqual(['(next (cell 1 2 o))']);
    expect(m.query('(init (cell 1 ?y ?m))')).toEqual(['(init (cell 1 1 b))', '(init (cell 1 2 x))']);
  });

  it('evaluates arithmetic in every direction and comparisons', () => {
    const m = run(`(n 1) (n 2) (n 3) (total 10)
      (<= (double ?x ?y) (n ?x) (+ ?x ?x ?y))
      (<= (rest ?x ?y) (n ?x) (total ?t) (+ ?x ?y ?t))
      (<= (half ?x ?y) (n ?x) (/ ?x 2 ?y))
      (<= (big ?x) (n ?x) (>= ?x 2))
      (<= (notbig ?x) (n ?x) (not (>= ?x 2)))
      (<= (eq ?x ?y) (n ?x) (= ?y ?x))`);
    expect(m.query('(double ?x ?y)')).toEqual(['(double 1 2)', '(double 2 4)', '(double 3 6)']);
    expect(m.query('(rest ?x ?y)')).toEqual(['(rest 1 9)', '(rest 2 8)', '(rest 3 7)']);
    expect(m.query('(half ?x ?y)')).toEqual(['(half 1 0.5)', '(half 2 1)', '(half 3 1.5)']);
    expect(m.query('(big ?x)')).toEqual(['(big 2)', '(big 3)']);
    expect(m.query('(notbig ?x)')).toEqual(['(notbig 1)']);
    expect(m.query('(eq ?x ?y)')).toEqual(['(eq 1 1)', '(eq 2 2)', '(eq 3 3)']);
  });

  it('counts with arithmetic recursion up to a bound', () => {
    const m = run(`(count 0) (<= (count ?y) (count ?x) (< ?x 100) (+ ?x 1 ?y))`);
    expect(m.query('(count ?x)')).toHaveLength(101);
    expect(m.query('(count ?x)')[100]).toBe('(count 100)');
  });

  it('sorts numbers numerically and before names', () => {
    const m = run(`(v 10) (v 9) (v b) (v a) (v 100)`);
    expect(m.query('(v ?x)')).toEqual(['(v 9)', '(v 10)', '(v 100)', '(v a)', '(v b)']);
  });

  it('keeps the same name with two arities apart', () => {
    const p = loadProgram([{ text: '(p a) (p a b) (<= (q ?x) (p ?x))', file: 't.kif' }]);
    expect(p.diagnostics.map((d) => [d.code, d.severity])).toEqual([['arity', 'warning']]);
    expect(evaluate(p).query('(q ?x)')).toEqual(['(q a)']);
  });

  it('stops a runaway function symbol with an error naming the rule', () => {
    const e = errorOf(() => run(`(nat 0)\n(<= (nat (s ?x)) (nat ?x))`));
    expect(e.code).toBe('engine/term-depth');
    expect(e.message).toContain('nat/1');
    expect(e.span?.line).toBe(2);
  });

  it('stops at the fact limit with an error naming the relation', () => {
    const p = parseProgram(`(c 0) (<= (c ?y) (c ?x) (+ ?x 1 ?y))`);
    const e = errorOf(() => evaluate(p, { maxFacts: 1000 }));
    expect(e.code).toBe('engine/limit');
    expect(e.message).toContain('c/1');
  });

  it('stops when the work budget is used up, naming the rule, deterministically', () => {
    const edges = Array.from({ length: 80 }, (_, i) => `(e n${i} n${i + 1})`).join(' ');
    const p = parseProgram(`${edges}\n(<= (p ?x ?y) (e ?x ?y))\n(<= (p ?x ?z) (p ?x ?y) (p ?y ?z))`, { file: 't.kif' });
    const e = errorOf(() => evaluate(p, { maxWork: 20_000 }));
    expect(e.code).toBe('engine/budget');
    expect(e.message).toContain('maxWork');
    expect(e.message).toContain('p/2');
    expect(e.span?.file).toBe('t.kif');
    expect(e.span?.line).toBeGreaterThan(1);
    // The same budget stops at the same place; a large one changes nothing.
    expect(errorOf(() => evaluate(p, { maxWork: 20_000 })).message).toBe(e.message);
    expect(evaluate(p, { maxWork: 1e9 }).query('(p ?x ?y)')).toEqual(evaluate(p).query('(p ?x ?y)'));
  });

  it('stops at a deadline that has passed', () => {
    const edges = Array.from({ length: 100 }, (_, i) => `(e n${i} n${i + 1})`).join(' ');
    const p = parseProgram(`${edges}\n(<= (p ?x ?y) (e ?x ?y))\n(<= (p ?x ?z) (p ?x ?y) (e ?y ?z))`);
    const e = errorOf(() => evaluate(p, { deadline: Date.now() - 1 }));
    expect(e.code).toBe('engine/budget');
    expect(e.message).toContain('deadline');
    expect(evaluate(p, { deadline: Date.now() + 60_000 }).query('(p n0 ?y)')).toHaveLength(100);
  });

  it('answers compound sub-term lookups like (true (cell ?x ?y w)) from an index', () => {
    const cells = [];
    for (let x = 1; x <= 8; x++) for (let y = 1; y <= 8; y++) cells.push(`(true (cell ${x} ${y} ${(x + y) % 3 === 0 ? 'w' : 'b'}))`);
    const m = run(`${cells.join(' ')} (true (control w)) (pick 3)
      (<= (white ?x ?y) (true (cell ?x ?y w)))
      (<= (row ?y) (pick ?x) (true (cell ?x ?y b)))
      (<= (ctl ?p) (true (control ?p)))`);
    expect(m.query('(white ?x ?y)')).toHaveLength(22);
    expect(m.query('(row ?y)')).toEqual(['(row 1)', '(row 2)', '(row 4)', '(row 5)', '(row 7)', '(row 8)']);
    expect(m.query('(ctl ?p)')).toEqual(['(ctl w)']);
  });

  it('re-evaluates only what depends on injected facts', () => {
    const p = parseProgram(`(succ 1 2) (succ 2 3)
      (<= (big ?y) (succ ?x ?y))
      (<= (next ?y) (true ?x) (succ ?x ?y))`);
    const trueRel = p.relationId('true', 1);
    const base = evaluate(p);
    expect(base.query('(next ?x)')).toEqual([]);
    const one = p.terms.constant('1');
    const step = evaluate(p, { base, facts: [{ rel: trueRel, tuple: [one] }] });
    expect(step.query('(next ?x)')).toEqual(['(next 2)']);
    expect(step.relation('big', 1)).toBe(base.relation('big', 1));
    expect(base.query('(true ?x)')).toEqual([]);
  });
});

describe('program checks', () => {
  it('rejects recursion through negation, naming the cycle', () => {
    const e = errorOf(() => parseProgram('(<= p (not p))', { file: 'neg.kif' }));
    expect(e.code).toBe('stratification');
    expect(e.message).toContain('p/0');
    expect(e.span).toMatchObject({ file: 'neg.kif', line: 1, column: 1 });
    const e2 = errorOf(() => parseProgram('(r a)\n(<= (p ?x) (r ?x) (not (q ?x)))\n(<= (q ?x) (r ?x) (p ?x))'));
    expect(e2.message).toMatch(/p\/1.*q\/1/);
  });

  it('reports unsafe head, negation and distinct variables with spans', () => {
    expect(errorOf(() => parseProgram('(<= (p ?x) (q ?y))')).message).toContain('?x');
    const neg = errorOf(() => parseProgram('(q a)\n(<= (p ?x) (q ?x) (not (r ?y)))'));
    expect(neg.code).toBe('safety');
    expect(neg.message).toContain('?y');
    expect(neg.span).toMatchObject({ line: 2, column: 27 }); // ?y in the negated atom (r ?y)
    expect(errorOf(() => parseProgram('(q a) (<= (p ?x) (q ?x) (distinct ?x ?z))')).message).toContain('?z');
  });

  it('requires a variable to be bound in every disjunct of an or', () => {
    const e = errorOf(() => parseProgram('(a 1) (b 2) (<= (p ?x) (or (a ?x) (b ?y)))'));
    expect(e.code).toBe('safety');
    expect(e.message).toContain('?x');
  });

  it('reports builtins whose inputs are never bound as unsafe at load', () => {
    const e = errorOf(() => parseProgram('(n 1) (<= (p ?x ?z) (n ?x) (+ ?x ?y ?z))'));
    expect(e.code).toBe('safety');
    expect(e.message).toMatch(/\?y|\?z/);
    expect(errorOf(() => parseProgram('(n 1) (<= (p ?x) (n ?x) (< ?x ?w))')).code).toBe('safety');
  });

  it('reports builtins with the wrong number of arguments', () => {
    const e = errorOf(() => parseProgram('(n 1) (<= (p ?x) (n ?x) (< ?x))'));
    expect(e.code).toBe('builtin-arity');
  });

  it('reports variables in facts', () => {
    expect(errorOf(() => parseProgram('(p ?x)')).message).toContain('fact');
  });

  it('treats builtins as ordinary relations when they are turned off', () => {
    const p = loadProgram([{ text: '(< 1 2) (<= (lt ?a ?b) (< ?a ?b))', file: 'g.kif' }], { builtins: false });
    expect(p.errors).toEqual([]);
    expect(evaluate(p).query('(lt ?a ?b)')).toEqual(['(lt 1 2)']);
  });
});
