/**
 * Labels, as graphgram has them: any JSON value on a node or an edge.
 *
 * LHS label queries (graphgram's Matcher.labelMatch), compiled once at load
 * into closures that return the match value or NO_MATCH:
 *   - a string is an anchored regular expression (`^…$`) tested on string
 *     labels; the match value is the array of captures (`${a.match[1]}`).
 *     It runs on RE2 (re2js), in time linear in the label: no pattern can
 *     backtrack exponentially (`(a+)+`); the RE2 syntax has no backreferences
 *     or lookaround, which are rejected at load with graph/bad-label-query;
 *   - a number or boolean matches the same value; an array matches element-wise;
 *   - `{$equals: Q}` (exact: no extra keys), `{$contains: Q}`, `{$not: Q}`,
 *     `{$and: [Q...]}`, `{$or: [Q...]}`, `{$find: Q}` (recursive descent);
 *   - any other object matches an object label key by key.
 * `$test` (JavaScript) is rejected at load.
 *
 * RHS label expressions (graphgram's Matcher.newLabel): strings with
 * `${id.label}`, `${id.match[1]}`, `${id.id}`, `${$iter}` interpolation; arrays
 * and objects element-wise; `{$eval: "$id.label…"}` (a reference only: nothing
 * is ever eval'd), `{$extend: [...]}`, `{$assign: [...]}`, `{$merge: [...]}`.
 */
import { RE2JS } from 're2js';
import { didYouMean } from '../../did-you-mean.js';
import type { JsonPath } from '../../syntax/json.js';
import type { Code } from '../../errors.js';
import { dataAt, dataString, record, setData, toData } from '../../data/records.js';

export type Label = unknown;

/** What a label query returns when it does not match. */
export const NO_MATCH: unique symbol = Symbol('no-match');
export type MatchValue = unknown;

/** A compiled label query: the match value (captures...) or NO_MATCH. */
export type LabelQuery = ((label: Label, exact: boolean) => MatchValue | typeof NO_MATCH) & {
  /** Set when the query matches exactly one string label (a regular expression with no special characters). */
  literal?: string;
};

/** What a RHS expression reads: each LHS id's graph id, label and match value, and the iteration. */
export interface LabelContext {
  ids: ReadonlyMap<string, { id: string; label: Label; match: MatchValue }>;
  iter: number;
}

export type LabelExpr = (ctx: LabelContext) => Label;

/** Raises located errors for the loader. */
export interface Reporter {
  fail(code: Code, path: JsonPath, message: string): never;
  /** The ids the RHS may refer to (LHS node and edge ids). */
  known?: readonly string[];
}

const QUERY_OPS = ['$equals', '$contains', '$find', '$not', '$and', '$or'] as const;
const EXPR_OPS = ['$eval', '$extend', '$assign', '$merge'] as const;

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** ` (did you mean X?)` (the graph grammars' form), or ''. */
export function suggest(name: string, options: readonly string[]): string {
  return didYouMean(name, options, { quote: '', max: 1, parenthesized: true });
}

// ---------------------------------------------------------------------------
// LHS queries

const anyLabel: LabelQuery = (label) => label;

/**
 * A regular expression label query, `^q$` as JavaScript reads it, matched by
 * RE2 (linear time): the match value is `[whole, group1, ...]`, undefined for
 * a group that took no part, as RegExp.exec gives. One difference from
 * JavaScript remains: a group inside a repetition keeps its last capture
 * where JavaScript resets it to undefined (`(a|(b))+` on `ba`).
 */
function regexQuery(q: string, path: JsonPath, r: Reporter): LabelQuery {
  let re: RE2JS;
  try {
    // JavaScript's check first: what it rejects is no regular expression at all.
    new RegExp('^' + q + '$');
    re = RE2JS.compile('^' + q + '$');
  } catch (e) {
    const why = (e as Error).message.replace(/^error parsing regexp: /, '');
    r.fail(
      'graph/bad-label-query',
      path,
      e instanceof SyntaxError
        ? `"${q}" is not a regular expression: ${why}`
        : `"${q}" uses what gramlog's linear-time regular expressions (RE2 syntax) do not have: ${why}; backreferences and lookaround are not supported`,
    );
  }
  return (label) => {
    if (typeof label !== 'string') return NO_MATCH;
    const m = re.matcher(label);
    if (!m.find()) return NO_MATCH;
    const out: Array<string | undefined> = [m.group(0) ?? ''];
    const n = m.groupCount();
    for (let i = 1; i <= n; i++) out.push(m.group(i) ?? undefined);
    return out;
  };
}

/** Compile a LHS label query (undefined: any label). */
export function compileQuery(q: unknown, path: JsonPath, r: Reporter): LabelQuery {
  if (q === undefined) return anyLabel;
  if (typeof q === 'string') {
    const query = regexQuery(q, path, r);
    if (/^[A-Za-z0-9_ :-]*$/.test(q)) query.literal = q;
    return query;
  }
  if (typeof q === 'number' || typeof q === 'boolean') return (label) => (label === q ? label : NO_MATCH);
  if (q === null) r.fail('graph/bad-label-query', path, 'null is not a label query (write a string, number, boolean, array or object)');
  if (Array.isArray(q)) {
    const parts = q.map((x, i) => compileQuery(x, [...path, i], r));
    return (label, exact) => {
      if (!Array.isArray(label) || label.length !== parts.length) return NO_MATCH;
      const out: MatchValue[] = [];
      for (let i = 0; i < parts.length; i++) {
        const m = (parts[i] as LabelQuery)(label[i], exact);
        if (m === NO_MATCH) return NO_MATCH;
        out.push(m);
      }
      return out;
    };
  }
  if (!isObject(q)) r.fail('graph/bad-label-query', path, `${typeof q} is not a label query`);
  const keys = Object.keys(q);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length > 0) {
    const op = ops[0] as string;
    if (op === '$test') {
      r.fail('graph/javascript', [...path, op], '$test runs JavaScript, which gramlog never evaluates; use $equals, $contains, $find, $not, $and, $or, or a regular expression string, or write the rule in a .gdl graph grammar');
    }
    if (!(QUERY_OPS as readonly string[]).includes(op)) {
      r.fail('graph/bad-label-query', [...path, op], `unknown label query operator ${op}${suggest(op, QUERY_OPS)}; the operators are ${QUERY_OPS.join(', ')}`);
    }
    if (keys.length > 1) r.fail('graph/bad-label-query', path, `a ${op} query takes no other keys (found ${keys.join(', ')})`);
    const arg = dataAt(q, op);
    // graphgram tests each operator's argument for truthiness; a falsy one is matched as a plain key
    if (!arg) return objectQuery(q, path, r);
    switch (op) {
      case '$equals': {
        const inner = compileQuery(arg, [...path, op], r);
        return (label) => inner(label, true);
      }
      case '$contains': {
        const inner = compileQuery(arg, [...path, op], r);
        return (label) => inner(label, false);
      }
      case '$not': {
        const inner = compileQuery(arg, [...path, op], r);
        return (label, exact) => (inner(label, exact) === NO_MATCH ? undefined : NO_MATCH);
      }
      case '$and':
      case '$or': {
        if (!Array.isArray(arg) || arg.length === 0) r.fail('graph/bad-label-query', [...path, op], `${op} takes a non-empty array of queries`);
        const parts = arg.map((x, i) => compileQuery(x, [...path, op, i], r));
        if (op === '$or') {
          return (label, exact) => {
            for (const p of parts) {
              const m = p(label, exact);
              if (m !== NO_MATCH) return m;
            }
            return NO_MATCH;
          };
        }
        return (label, exact) => {
          const out = record();
          for (const p of parts) {
            const m = p(label, exact);
            if (m === NO_MATCH) return NO_MATCH;
            if (typeof m === 'object' && m !== null) for (const k of Object.keys(m)) setData(out, k, dataAt(m, k));
          }
          return out;
        };
      }
      case '$find': {
        const inner = compileQuery(arg, [...path, op], r);
        const find = (g: unknown, exact: boolean): MatchValue | typeof NO_MATCH => {
          const m = inner(g, exact);
          if (m !== NO_MATCH) return m;
          if (typeof g === 'object' && g !== null) {
            for (const k of Object.keys(g)) {
              const c = find(dataAt(g, k), exact);
              if (c !== NO_MATCH) return c;
            }
          }
          return NO_MATCH;
        };
        return find;
      }
    }
  }
  return objectQuery(q, path, r);
}

function objectQuery(q: Record<string, unknown>, path: JsonPath, r: Reporter): LabelQuery {
  const entries = Object.keys(q).map((k) => [k, compileQuery(dataAt(q, k), [...path, k], r)] as const);
  const n = entries.length;
  return (label, exact) => {
    if (typeof label !== 'object' || label === null) return NO_MATCH;
    if (exact && Object.keys(label).length !== n) return NO_MATCH;
    const out = record();
    for (const [k, p] of entries) {
      const m = p(dataAt(label, k), exact);
      if (m === NO_MATCH) return NO_MATCH;
      setData(out, k, m);
    }
    return out;
  };
}

// ---------------------------------------------------------------------------
// RHS expressions

/** A reference path such as `x.label.name`, `x.match[1]`, `$iter`: [head, ...steps]. */
type Ref = { head: string; steps: Array<string | number> };

const REF_STEP = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]/y;

function parseRef(text: string): Ref | undefined {
  const m = /^[A-Za-z0-9_$]+/.exec(text);
  if (!m) return undefined;
  const steps: Array<string | number> = [];
  let i = m[0].length;
  while (i < text.length) {
    REF_STEP.lastIndex = i;
    const s = REF_STEP.exec(text);
    if (!s) return undefined;
    steps.push(s[1] !== undefined ? s[1] : Number(s[2]));
    i = REF_STEP.lastIndex;
  }
  return { head: m[0], steps };
}

function checkRefHead(ref: Ref, text: string, path: JsonPath, r: Reporter): void {
  if (ref.head === '$iter') return;
  const known = r.known ?? [];
  if (!known.includes(ref.head)) {
    r.fail('graph/unknown-id', path, `"${text}" refers to ${ref.head}, which is no node or edge id of the rule's left-hand side${suggest(ref.head, known)}${known.length ? `; its ids are ${known.join(', ')}` : ''}`);
  }
  const first = ref.steps[0];
  if (first !== undefined && first !== 'label' && first !== 'match' && first !== 'id') {
    r.fail('graph/bad-label-expr', path, `"${text}": after ${ref.head} write .label, .match or .id, not .${String(first)}`);
  }  // a key every object answers in JavaScript (constructor, toString, __proto__...) is never a key of the label's data:
  // read only through data keys, it would be nothing, silently
  const member = ref.steps.find((x) => typeof x === 'string' && JS_MEMBERS.has(x));
  if (member !== undefined) {
    r.fail(
      'graph/bad-label-expr',
      path,
      `"${text}": .${String(member)} is a member JavaScript gives every object, not a key of the label's data; gramlog reads data keys only, so it would always be empty (name the key of your labels otherwise)`,
    );
  }
}

/** Names JavaScript gives every object (Object.prototype's members), which a label path never reads. */
const JS_MEMBERS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

function resolve(ref: Ref, ctx: LabelContext): unknown {
  let v: unknown;
  if (ref.head === '$iter') v = ctx.iter;
  else {
    const b = ctx.ids.get(ref.head);
    v = b;
  }
  // only through data keys: `${a.label.constructor}` or `$a.label.toString` is nothing, not a JavaScript function
  for (const s of ref.steps) {
    if (v === null || v === undefined) return undefined;
    v = dataAt(v, s);
  }
  return v;
}

function clone(v: unknown): unknown {
  return toData(v);
}

const INTERP = /\$\{([a-zA-Z_0-9.$[\]]+)\}/g;

function compileString(s: string, path: JsonPath, r: Reporter): LabelExpr {
  const parts: Array<string | Ref> = [];
  let last = 0;
  for (const m of s.matchAll(INTERP)) {
    const text = m[1] as string;
    const ref = parseRef(text);
    if (!ref) r.fail('graph/bad-label-expr', path, `"\${${text}}" is not a reference such as \${a.label} or \${a.match[1]}`);
    const head = ref.head === '$$iter' ? '$iter' : ref.head;
    checkRefHead({ head, steps: ref.steps }, text, path, r);
    parts.push(s.slice(last, m.index), { head, steps: ref.steps });
    last = (m.index as number) + m[0].length;
  }
  if (parts.length === 0) return () => s;
  parts.push(s.slice(last));
  return (ctx) => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') out += p;
      else {
        const v = resolve(p, ctx);
        out += v ? dataString(v) : ''; // graphgram: `value || ''`
      }
    }
    return out;
  };
}

/** A `$eval` text that is only a reference (`$x.label`, `$x.label.name`, `$x.match[1]`, `$$iter`). */
function compileEval(text: string, path: JsonPath, r: Reporter): LabelExpr {
  const t = text.trim();
  const ref = t.startsWith('$') ? parseRef(t.slice(1)) : undefined;
  if (!ref) {
    r.fail(
      'graph/javascript',
      path,
      `$eval "${text}" is JavaScript, which gramlog never evaluates; $eval may only be a reference such as "$x.label" or "$x.label.name"; build other labels with \${x.label} interpolation, $merge, $assign or $extend`,
    );
  }
  const head = ref.head;
  checkRefHead(ref, t, path, r);
  const bound = { head, steps: ref.steps };
  return (ctx) => clone(resolve(bound, ctx));
}

/** Compile a RHS label expression. */
export function compileExpr(e: unknown, path: JsonPath, r: Reporter): LabelExpr {
  if (typeof e === 'string') return compileString(e, path, r);
  if (Array.isArray(e)) {
    const parts = e.map((x, i) => compileExpr(x, [...path, i], r));
    return (ctx) => parts.map((p) => p(ctx));
  }
  if (!isObject(e)) return () => e;
  const keys = Object.keys(e);
  const op = keys.find((k) => k.startsWith('$'));
  if (op !== undefined && dataAt(e, op)) {
    if (op === '$llm') r.fail('graph/javascript', [...path, op], '$llm calls a language model at generation time; gramlog generates from data and a seed only');
    if (!(EXPR_OPS as readonly string[]).includes(op)) {
      r.fail('graph/bad-label-expr', [...path, op], `unknown label operator ${op}${suggest(op, EXPR_OPS)}; the operators are ${EXPR_OPS.join(', ')}`);
    }
    if (keys.length > 1) r.fail('graph/bad-label-expr', path, `a ${op} expression takes no other keys (found ${keys.join(', ')})`);
    const arg = dataAt(e, op);
    if (op === '$eval') return compileEvalValue(arg, [...path, op], r);
    if (!Array.isArray(arg) || arg.length < 2) r.fail('graph/bad-label-expr', [...path, op], `${op} takes an array of at least two label expressions`);
    const parts = arg.map((x, i) => compileExpr(x, [...path, op, i], r));
    if (op === '$merge') {
      return (ctx) => {
        const values = parts.map((p) => p(ctx));
        let target = values[0];
        if (typeof target !== 'object' || target === null) target = record();
        for (const v of values.slice(1)) target = merge(target, v);
        return target;
      };
    }
    const skipUndefined = op === '$extend';
    return (ctx) => {
      const values = parts.map((p) => p(ctx));
      const first = values[0];
      const target: object = typeof first === 'object' && first !== null ? first : record();
      for (const v of values.slice(1)) {
        if (typeof v !== 'object' || v === null) continue;
        for (const k of Object.keys(v)) {
          const x = dataAt(v, k);
          if (skipUndefined && x === undefined) continue;
          setData(target, k, x);
        }
      }
      return target;
    };
  }
  const entries = keys.map((k) => [k, compileExpr(dataAt(e, k), [...path, k], r)] as const);
  return (ctx) => {
    const out = record();
    for (const [k, p] of entries) setData(out, k, p(ctx));
    return out;
  };
}

function compileEvalValue(v: unknown, path: JsonPath, r: Reporter): LabelExpr {
  if (typeof v === 'string') return compileEval(v, path, r);
  if (Array.isArray(v)) {
    const parts = v.map((x, i) => compileEvalValue(x, [...path, i], r));
    return (ctx) => parts.map((p) => p(ctx));
  }
  if (isObject(v)) {
    const entries = Object.keys(v).map((k) => [k, compileEvalValue(dataAt(v, k), [...path, k], r)] as const);
    return (ctx) => {
      const out = record();
      for (const [k, p] of entries) setData(out, k, p(ctx));
      return out;
    };
  }
  return () => v;
}

/** lodash `merge`: recursive into objects and arrays; undefined source values are skipped. */
function merge(target: unknown, source: unknown): unknown {
  if (typeof source !== 'object' || source === null) return target;
  // keys are data: `__proto__` in a label is merged as a key, never into a prototype
  for (const k of Object.keys(source)) {
    const s = dataAt(source, k);
    if (s === undefined) continue;
    const cur = dataAt(target, k);
    if (typeof s === 'object' && s !== null) {
      const base = typeof cur === 'object' && cur !== null ? cur : Array.isArray(s) ? [] : record();
      setData(target as object, k, merge(base, s));
    } else setData(target as object, k, s);
  }
  return target;
}
