/**
 * A tiny, obviously correct evaluator for testing the engine: naive iteration
 * to a fixed point, stratum by stratum, over facts as canonical strings.
 * Supports positive and negated atoms and distinct over constants, variables
 * and compound terms (no builtins, no `or`). Ground compound terms are kept as
 * canonical text; `shapes` remembers each one's functor and arguments.
 */
import type { Atom, Literal, Statement, Term } from '../../src/syntax/ast.js';

type Subst = Map<string, string>;

const shapes = new Map<string, { functor: string; args: string[] }>();

function termValue(t: Term, s: Subst): string | undefined {
  if (t.kind === 'var') return s.get(t.name);
  if (t.kind === 'const') return t.name;
  if (t.kind === 'compound') {
    const args: string[] = [];
    for (const a of t.args) {
      const v = termValue(a, s);
      if (v === undefined) return undefined;
      args.push(v);
    }
    const text = `(${t.functor} ${args.join(' ')})`;
    shapes.set(text, { functor: t.functor, args });
    return text;
  }
  throw new Error('reference evaluator: no strings');
}

/** Match a term against a ground value, extending ext; false when they differ. */
function matchTerm(t: Term, v: string, ext: Subst): boolean {
  if (t.kind === 'var') {
    const prev = ext.get(t.name);
    if (prev === undefined) ext.set(t.name, v);
    return prev === undefined || prev === v;
  }
  if (t.kind === 'compound') {
    const shape = shapes.get(v);
    if (!shape || shape.functor !== t.functor || shape.args.length !== t.args.length) return false;
    return t.args.every((a, i) => matchTerm(a, shape.args[i] as string, ext));
  }
  return termValue(t, ext) === v;
}

function atomText(pred: string, args: string[]): string {
  return args.length === 0 ? pred : `(${pred} ${args.join(' ')})`;
}

function ground(a: Atom, s: Subst): string {
  return atomText(
    a.pred,
    a.args.map((t) => termValue(t, s) as string),
  );
}

/** All extensions of s under which the literals (positives first, as written) hold in facts. */
function solve(body: Literal[], s: Subst, facts: Map<string, string[][]>, known: Set<string>): Subst[] {
  const positives = body.filter((l) => l.kind === 'atom') as Atom[];
  const filters = body.filter((l) => l.kind !== 'atom');
  let subs: Subst[] = [s];
  for (const lit of positives) {
    const next: Subst[] = [];
    for (const cur of subs) {
      for (const tuple of facts.get(`${lit.pred}/${lit.args.length}`) ?? []) {
        const ext = new Map(cur);
        if (lit.args.every((t, i) => matchTerm(t, tuple[i] as string, ext))) next.push(ext);
      }
    }
    subs = next;
  }
  return subs.filter((sub) =>
    filters.every((f) => {
      if (f.kind === 'not') return !known.has(ground(f.body as Atom, sub));
      if (f.kind === 'distinct') return termValue(f.left, sub) !== termValue(f.right, sub);
      throw new Error('reference evaluator: unsupported literal');
    }),
  );
}

/** Evaluate statements; `levelOf` gives each relation's stratum (negation only reads lower levels). */
export function referenceEvaluate(statements: Statement[], levelOf: (pred: string) => number): string[] {
  const known = new Set<string>();
  const facts = new Map<string, string[][]>();
  const add = (a: Atom, s: Subst): boolean => {
    const text = ground(a, s);
    if (known.has(text)) return false;
    known.add(text);
    const key = `${a.pred}/${a.args.length}`;
    const list = facts.get(key) ?? [];
    list.push(a.args.map((t) => termValue(t, s) as string));
    facts.set(key, list);
    return true;
  };
  const levels = [...new Set(statements.map((st) => levelOf(st.head.pred)))].sort((a, b) => a - b);
  for (const st of statements) if (st.body.length === 0) add(st.head, new Map());
  for (const level of levels) {
    const rules = statements.filter((st) => st.body.length > 0 && levelOf(st.head.pred) === level);
    let changed = true;
    while (changed) {
      changed = false;
      for (const rule of rules) {
        for (const sub of solve(rule.body, new Map(), facts, known)) if (add(rule.head, sub)) changed = true;
      }
    }
  }
  return [...known].sort();
}
