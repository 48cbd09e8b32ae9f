/**
 * Compiles one rule body, in a given join order, into a chain of closures: each
 * literal's closure finds its matches and calls the next one; the last builds
 * the head tuple and hands it to the sink. Ranges of tuple indexes per literal
 * (lo..hi) are set before each run: that is how semi-naive evaluation reads
 * "only the delta" or "only the old tuples" of a relation.
 */
import type { TermTable } from '../program/terms.js';
import { literalVars, patternVars, type BodyLit, type CompiledRule, type Pattern } from '../program/rules.js';
import { bindsOf } from '../program/schedule.js';
import { generateJoin } from './join-gen.js';
import type { KeyPart, Relation } from './relation.js';
import { ABSENT, allIn, compileBuiltin, compileMatcher, lookupValueOf, Scope, valueOf, type Bound, type Value } from './patterns.js';

type Step = (env: Int32Array) => void;
export interface JoinEnv {
  rels: Relation[];
  terms: TermTable;
  budget: WorkBudget;
}

/**
 * Work left before the evaluator looks at its limits: joins subtract the tuples
 * they visit and call `spent()` when `left` goes below 0 (which throws, or
 * refills `left`).
 */
export interface WorkBudget {
  left: number;
  spent(): void;
}

export interface CompiledJoin {
  rule: CompiledRule;
  /** Per body literal: first and one-past-last tuple index to read. */
  lo: Int32Array;
  hi: Int32Array;
  run(sink: (tuple: Int32Array) => void): void;
}

/**
 * Tuning of the joins. `smallScan`: up to this many tuples in range, a literal
 * scans them instead of using an index. `deepBody`: longer bodies run on an
 * explicit stack of cursors instead of nested closures, so that no body
 * overflows the call stack. `generate`: bodies of variables and constants
 * run as one generated function (join-gen.ts) instead of nested closures,
 * when one of their relations held at least `generateMinTuples` tuples as the
 * join was compiled: the generated code pays off over many tuples, while over
 * small relations (a game state) the closures, which V8 optimises once for
 * every rule, are faster. (Tests change them to exercise every path.)
 */
export const joinTuning = { smallScan: 16, deepBody: 64, generate: true, generateMinTuples: 256 };

/** Variable slots known at one point of a join order. */
export type { Bound };



/** `largest`: the most tuples in one of the body's relations now (see joinTuning.generateMinTuples). */
export function compileJoin(rule: CompiledRule, order: readonly number[], env: JoinEnv, largest = Infinity): CompiledJoin {
  const n = rule.body.length;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const nSlots = Math.max(1, rule.varNames.length);
  const slots = new Int32Array(nSlots);
  let sink: (tuple: Int32Array) => void = () => {};
  const head = new Int32Array(rule.head.args.length);
  const headValues = rule.head.args.map((p) => valueOf(p, env.terms));
  const emit: Step = (e) => {
    for (let i = 0; i < headValues.length; i++) head[i] = (headValues[i] as Value)(e);
    sink(head);
  };
  // Position in the order at which each slot is first bound (linear in the body).
  const boundAt = new Int32Array(nSlots).fill(0x7fffffff);
  order.forEach((i, k) => {
    for (const v of bindsOf(rule.body[i] as BodyLit)) if ((boundAt[v] as number) > k) boundAt[v] = k;
  });
  const boundBefore = (k: number): Bound => ({ has: (slot) => (boundAt[slot] as number) < k });
  const once = existenceChecks(rule, order);
  if (order.length > joinTuning.deepBody) {
    const cursors: Cursor[] = order.map((i, k) => compileCursor(rule.body[i] as BodyLit, i, boundBefore(k), env, lo, hi, once[k] === 1));
    const m = cursors.length;
    return {
      rule,
      lo,
      hi,
      run(s) {
        sink = s;
        const e = slots;
        let k = 0;
        (cursors[0] as Cursor).open(e);
        while (k >= 0) {
          if ((cursors[k] as Cursor).next(e)) {
            if (k === m - 1) emit(e);
            else (cursors[++k] as Cursor).open(e);
          } else k--;
        }
      },
    };
  }
  const generated = joinTuning.generate && largest >= joinTuning.generateMinTuples ? generateJoin(rule, order, env, lo, hi, joinTuning, once) : undefined;
  if (generated) return { rule, lo, hi, run: generated };
  let next: Step = emit;
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k] as number;
    next = compileLiteral(rule.body[i] as BodyLit, i, boundBefore(k), next, env, lo, hi, once[k] === 1);
  }
  const first = next;
  return {
    rule,
    lo,
    hi,
    run(s) {
      sink = s;
      first(slots);
    },
  };
}

/**
 * Per position of the join order, 1 where the positive literal there is an
 * existence check: every variable it binds is dead after it (in no later
 * literal and not in the head), so one match per binding of the variables
 * before it gives every head tuple the rest of the join can give, and the
 * join stops at its first match instead of enumerating them all. This is how
 * body-only variables are projected away: `(<= (p ?a) (n ?a) (n ?b) (n ?c))`
 * visits each `n` tuple for ?a and checks once that `n` is not empty for ?b
 * and ?c, instead of joining n x n x n.
 */
export function existenceChecks(rule: CompiledRule, order: readonly number[]): Uint8Array {
  const out = new Uint8Array(order.length);
  // Position in the order at which each variable is first bound.
  const boundAt = new Map<number, number>();
  order.forEach((i, k) => {
    for (const v of bindsOf(rule.body[i] as BodyLit)) if (!boundAt.has(v)) boundAt.set(v, k);
  });
  const live = new Set<number>();
  for (const p of rule.head.args) patternVars(p, live);
  for (let k = order.length - 1; k >= 0; k--) {
    const lit = rule.body[order[k] as number] as BodyLit;
    const vars = literalVars(lit);
    if (lit.kind === 'pos') {
      let dead = true;
      for (const v of vars) if (boundAt.get(v) === k && live.has(v)) dead = false;
      if (dead) out[k] = 1;
    }
    for (const v of vars) live.add(v);
  }
  return out;
}

/** One literal of a join run on an explicit stack: open for the current bindings, then each next() finds one more match. */
interface Cursor {
  open(e: Int32Array): void;
  next(e: Int32Array): boolean;
}

function compileCursor(lit: BodyLit, pos: number, bound: Bound, env: JoinEnv, lo: Int32Array, hi: Int32Array, once: boolean): Cursor {
  if (lit.kind === 'pos') return positiveCursor(preparePositive(lit.args, bound, env.terms), lit.rel, pos, env, lo, hi, once);
  // Every other literal succeeds at most once: run its closure with a flag as the continuation.
  let ok = false;
  let pending = false;
  const step = compileLiteral(lit, pos, bound, () => {
    ok = true;
  }, env, lo, hi);
  return {
    open() {
      pending = true;
    },
    next(e) {
      if (!pending) return false;
      pending = false;
      ok = false;
      step(e);
      return ok;
    },
  };
}

function compileLiteral(
  lit: BodyLit,
  pos: number,
  bound: Bound,
  next: Step,
  env: JoinEnv,
  lo: Int32Array,
  hi: Int32Array,
  once = false,
): Step {
  const terms = env.terms;
  switch (lit.kind) {
    case 'pos':
      return compilePositive(preparePositive(lit.args, bound, terms), lit.rel, pos, next, env, lo, hi, once);
    case 'neg': {
      const values = lit.args.map((p) => lookupValueOf(p, terms));
      const key = new Int32Array(values.length);
      const rel = lit.rel;
      return (e) => {
        for (let i = 0; i < values.length; i++) {
          const v = (values[i] as Value)(e);
          if (v === ABSENT) return next(e); // a term that does not exist is in no relation
          key[i] = v;
        }
        if (!(env.rels[rel] as Relation).has(key)) next(e);
      };
    }
    case 'distinct':
    case 'same': {
      const left = valueOf(lit.left, terms);
      const right = valueOf(lit.right, terms);
      const wantEqual = lit.kind === 'same';
      return (e) => {
        if ((left(e) === right(e)) === wantEqual) next(e);
      };
    }
    case 'builtin':
      return compileBuiltin(lit.op, lit.args, lit.negated, bound, next, terms, lit.span);
  }
}

/** What a positive literal knows before it runs, and how it checks and binds the rest of a tuple. */
interface PositivePlan {
  arity: number;
  /** Values of the fully known columns, in column order (their columns: keyCols). */
  keyValues: Value[];
  keyCols: number[];
  /** Index key: the known columns, then known sub-terms of compound columns. */
  parts: KeyPart[];
  partValues: Value[];
  /** Column mask of keyCols, when a plain column index can serve (arity <= 31, no sub-term parts). */
  mask: number;
  indexName: string;
  /** Check and bind the columns that are not in the key; false when the tuple does not match. */
  apply(data: Int32Array, base: number, e: Int32Array): boolean;
}

function preparePositive(args: readonly Pattern[], bound: Bound, terms: TermTable): PositivePlan {
  const arity = args.length;
  const keyValues: Value[] = [];
  const keyCols: number[] = [];
  // Per column not in the key: 1 bind slot, 2 check slot, 3 match compound.
  const actCol: number[] = [];
  const actKind: number[] = [];
  const actSlot: number[] = [];
  const actMatch: Array<((id: number, e: Int32Array) => boolean) | undefined> = [];
  const seen = new Scope(bound);
  // Sub-terms of compound arguments that are known before the scan: index keys.
  const parts: KeyPart[] = [];
  const partValues: Value[] = [];
  args.forEach((p, c) => {
    const fullyBound = p.t === 'const' || (p.t === 'var' && bound.has(p.slot)) || (p.t === 'fn' && allIn(p, bound));
    if (fullyBound) {
      const value = lookupValueOf(p, terms);
      keyValues.push(value);
      keyCols.push(c);
      parts.push({ col: c, steps: [] });
      partValues.push(value);
    } else if (p.t === 'var') {
      actCol.push(c);
      actKind.push(seen.has(p.slot) ? 2 : 1);
      actSlot.push(p.slot);
      actMatch.push(undefined);
      seen.add(p.slot);
    } else {
      const before = parts.length;
      collectSubKeys(p, c, [], bound, terms, parts, partValues);
      if (parts.length === before) {
        parts.push({ col: c, steps: [terms.functorId(p.functor, p.args.length), -1] });
        partValues.push(() => 0);
      }
      actCol.push(c);
      actKind.push(3);
      actSlot.push(0);
      actMatch.push(compileMatcher(p, seen, terms));
    }
  });
  const nAct = actCol.length;
  const apply = (data: Int32Array, base: number, e: Int32Array): boolean => {
    for (let a = 0; a < nAct; a++) {
      const v = data[base + (actCol[a] as number)] as number;
      const kind = actKind[a];
      if (kind === 1) e[actSlot[a] as number] = v;
      else if (kind === 2) {
        if (e[actSlot[a] as number] !== v) return false;
      } else if (!(actMatch[a] as (id: number, e: Int32Array) => boolean)(v, e)) return false;
    }
    return true;
  };
  let mask = -1;
  if (arity <= 31 && parts.length === keyValues.length) {
    mask = 0;
    for (const c of keyCols) mask |= 1 << c;
  }
  const indexName = parts.map((q) => `${q.col}:${q.steps.join('.')}`).join('|');
  return { arity, keyValues, keyCols, parts, partValues, mask, indexName, apply };
}

/** The positive literal as a closure calling `next` for each match. */
function compilePositive(
  plan: PositivePlan,
  rel: number,
  pos: number,
  next: Step,
  env: JoinEnv,
  lo: Int32Array,
  hi: Int32Array,
  once = false,
): Step {
  const { arity, keyValues, keyCols, parts, partValues, mask, indexName, apply } = plan;
  if (once) return compileExists(plan, rel, pos, next, env, lo, hi);
  const terms = env.terms;
  const key = new Int32Array(Math.max(1, parts.length));
  const full = new Int32Array(Math.max(1, arity));
  const scan: Step = (e) => {
    const r = env.rels[rel] as Relation;
    const end = hi[pos] as number;
    const start = lo[pos] as number;
    if ((env.budget.left -= end - start) < 0) env.budget.spent();
    for (let t = start; t < end; t++) {
      if (apply(r.data, t * arity, e)) next(e);
    }
  };
  if (parts.length === 0) return scan;
  // A few tuples: scanning them beats building and probing an index.
  const nk = keyCols.length;
  const scanKeyed: Step = (e) => {
    for (let i = 0; i < nk; i++) {
      const v = (keyValues[i] as Value)(e);
      if (v === ABSENT) return;
      key[i] = v;
    }
    const r = env.rels[rel] as Relation;
    const data = r.data;
    const end = hi[pos] as number;
    const start = lo[pos] as number;
    if ((env.budget.left -= end - start) < 0) env.budget.spent();
    for (let t = start; t < end; t++) {
      const base = t * arity;
      let i = 0;
      while (i < nk && data[base + (keyCols[i] as number)] === key[i]) i++;
      if (i === nk && apply(data, base, e)) next(e);
    }
  };
  if (nk === arity) {
    return (e) => {
      for (let i = 0; i < arity; i++) {
        const v = (keyValues[i] as Value)(e);
        if (v === ABSENT) return;
        full[i] = v;
      }
      if (--env.budget.left < 0) env.budget.spent();
      const t = (env.rels[rel] as Relation).find(full);
      if (t >= (lo[pos] as number) && t < (hi[pos] as number)) next(e);
    };
  }
  // An index lookup: on whole columns (mask >= 0; partValues are then the key
  // columns' values) or on known sub-terms of compound columns (a path index).
  return (e) => {
    if ((hi[pos] as number) - (lo[pos] as number) <= joinTuning.smallScan) return scanKeyed(e);
    for (let i = 0; i < partValues.length; i++) {
      const v = (partValues[i] as Value)(e);
      if (v === ABSENT) return;
      key[i] = v;
    }
    const r = env.rels[rel] as Relation;
    const idx = mask >= 0 ? r.index(mask) : r.pathIndex(indexName, parts, terms);
    const chain = idx.next;
    const start = lo[pos] as number;
    const end = hi[pos] as number;
    let work = 1;
    for (let t = idx.first(key); t >= 0; t = chain[t] as number) {
      if (t >= end) continue;
      if (t < start) break;
      work++;
      if (apply(r.data, t * arity, e)) next(e);
    }
    if ((env.budget.left -= work) < 0) env.budget.spent();
  };
}

/**
 * The positive literal as an existence check (see existenceChecks): the same
 * lookups as compilePositive, but `next` runs for the first match only, and
 * the budget is charged for the tuples actually visited.
 */
function compileExists(plan: PositivePlan, rel: number, pos: number, next: Step, env: JoinEnv, lo: Int32Array, hi: Int32Array): Step {
  const { arity, keyValues, keyCols, parts, partValues, mask, indexName, apply } = plan;
  const terms = env.terms;
  const nk = keyCols.length;
  const key = new Int32Array(Math.max(1, parts.length));
  return (e) => {
    const r = env.rels[rel] as Relation;
    const data = r.data;
    const start = lo[pos] as number;
    const end = hi[pos] as number;
    const useIndex = parts.length > 0 && end - start > joinTuning.smallScan;
    const values = useIndex ? partValues : keyValues;
    for (let i = 0; i < values.length; i++) {
      const v = (values[i] as Value)(e);
      if (v === ABSENT) return;
      key[i] = v;
    }
    let work = 1;
    let found = -1;
    if (useIndex && nk === arity) {
      const t = r.find(key);
      if (t >= start && t < end) found = t;
    } else if (!useIndex) {
      for (let t = start; t < end; t++, work++) {
        const base = t * arity;
        let i = 0;
        while (i < nk && data[base + (keyCols[i] as number)] === key[i]) i++;
        if (i === nk && apply(data, base, e)) {
          found = t;
          break;
        }
      }
    } else {
      const idx = mask >= 0 ? r.index(mask) : r.pathIndex(indexName, parts, terms);
      const chain = idx.next;
      for (let t = idx.first(key); t >= 0; t = chain[t] as number) {
        if (t >= end) continue;
        if (t < start) break;
        work++;
        if (apply(data, t * arity, e)) {
          found = t;
          break;
        }
      }
    }
    if ((env.budget.left -= work) < 0) env.budget.spent();
    if (found >= 0) next(e);
  };
}

/** The positive literal as a cursor (for long bodies): the same lookups as compilePositive, one match per next(). */
function positiveCursor(plan: PositivePlan, rel: number, pos: number, env: JoinEnv, lo: Int32Array, hi: Int32Array, once = false): Cursor {
  const { arity, keyValues, keyCols, parts, partValues, mask, indexName, apply } = plan;
  const terms = env.terms;
  const nk = keyCols.length;
  const key = new Int32Array(Math.max(1, parts.length));
  const full = new Int32Array(Math.max(1, arity));
  // Mode: 0 done, 1 scan t..end (checking key columns), 2 follow an index chain from t.
  let mode = 0;
  let t = 0;
  let start = 0;
  let end = 0;
  let chain: Int32Array = key;
  let data: Int32Array = key;
  return {
    open(e) {
      mode = 0;
      const r = env.rels[rel] as Relation;
      data = r.data;
      start = lo[pos] as number;
      end = hi[pos] as number;
      const useIndex = parts.length > 0 && end - start > joinTuning.smallScan;
      const values = useIndex ? partValues : keyValues;
      for (let i = 0; i < values.length; i++) {
        const v = (values[i] as Value)(e);
        if (v === ABSENT) return;
        key[i] = v;
      }
      if (!useIndex) {
        if ((env.budget.left -= end - start) < 0) env.budget.spent();
        mode = 1;
        t = start;
      } else if (nk === arity) {
        if (--env.budget.left < 0) env.budget.spent();
        for (let i = 0; i < arity; i++) full[i] = key[i] as number;
        const found = r.find(full);
        if (found >= start && found < end) {
          mode = 1;
          t = found;
          end = found + 1;
        }
      } else {
        const idx = mask >= 0 ? r.index(mask) : r.pathIndex(indexName, parts, terms);
        chain = idx.next;
        t = idx.first(key);
        mode = 2;
      }
    },
    next(e) {
      if (mode === 1) {
        while (t < end) {
          const base = t++ * arity;
          let i = 0;
          while (i < nk && data[base + (keyCols[i] as number)] === key[i]) i++;
          if (i === nk && apply(data, base, e)) {
            if (once) mode = 0;
            return true;
          }
        }
        mode = 0;
        return false;
      }
      if (mode === 2) {
        while (t >= 0) {
          const cur = t;
          t = chain[t] as number;
          if (--env.budget.left < 0) env.budget.spent();
          if (cur >= end) continue;
          if (cur < start) break;
          if (apply(data, cur * arity, e)) {
            if (once) mode = 0;
            return true;
          }
        }
        mode = 0;
        return false;
      }
      return false;
    },
  };
}

/**
 * Index key parts for the known sub-terms of a compound pattern that is not
 * fully known: constants, bound variables and fully bound compounds inside it.
 */
function collectSubKeys(
  p: Pattern & { t: 'fn' },
  col: number,
  prefix: readonly number[],
  bound: Bound,
  terms: TermTable,
  parts: KeyPart[],
  values: Value[],
): void {
  const fid = terms.functorId(p.functor, p.args.length);
  p.args.forEach((a, i) => {
    const steps = [...prefix, fid, i];
    if (a.t === 'const' || (a.t === 'var' && bound.has(a.slot)) || (a.t === 'fn' && allIn(a, bound))) {
      parts.push({ col, steps });
      values.push(lookupValueOf(a, terms));
    } else if (a.t === 'fn') collectSubKeys(a, col, steps, bound, terms, parts, values);
  });
}

