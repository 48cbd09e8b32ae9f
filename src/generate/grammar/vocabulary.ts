/**
 * The reserved relations of a grammar file, and which of them the generator
 * injects, reads once, or reads at every node.
 *
 *   read once (static):  (start SYMBOL) (startarg KEY VALUE) (param KEY VALUE)
 *                        (rule NT RULE WEIGHT) (child RULE INDEX SYMBOL)
 *                        (maxdepth D) (maxnodes N)
 *   injected per node:   (symbol ?n NT) (arg ?n KEY VALUE) (depth ?n D)
 *                        (parent ?n ?p) (chose ?p RULE) (applied RULE K)
 *   read per node:       (setprob ?n RULE P) (addprob ?n RULE D) (scaleprob ?n RULE F)
 *                        (transfer ?n FROM TO) (forbid ?n RULE) (forbidexcept ?n RULE)
 *                        (force ?n RULE) (normalizeto ?n TOTAL)
 *                        (attr ?n KEY VALUE) (childarg ?n RULE INDEX KEY VALUE)
 */
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';

export const STATIC_RELATIONS = {
  start: 1,
  startarg: 2,
  param: 2,
  rule: 3,
  child: 3,
  maxdepth: 1,
  maxnodes: 1,
} as const;

export const NODE_RELATIONS = {
  symbol: 2,
  arg: 3,
  depth: 2,
  parent: 2,
  chose: 2,
  applied: 2,
} as const;

export const PRESELECTOR_RELATIONS = {
  setprob: 3,
  addprob: 3,
  scaleprob: 3,
  transfer: 3,
  forbid: 2,
  forbidexcept: 2,
  force: 2,
  normalizeto: 2,
} as const;

export const OUTPUT_RELATIONS = {
  attr: 3,
  childarg: 5,
} as const;

export type NodeRelation = keyof typeof NODE_RELATIONS;
export type PreselectorRelation = keyof typeof PRESELECTOR_RELATIONS;
export type OutputRelation = keyof typeof OUTPUT_RELATIONS;

/** Default limits, used when the file declares no `(maxdepth D)` / `(maxnodes N)`. */
export const DEFAULT_MAX_DEPTH = 64;
export const DEFAULT_MAX_NODES = 100_000;

/** Relation id of each reserved relation the program mentions (undefined when it does not). */
export type RelationIds<K extends string> = { [P in K]: number | undefined };

export function relationIds<T extends Record<string, number>>(program: Program, table: T): RelationIds<keyof T & string> {
  const out = {} as RelationIds<keyof T & string>;
  for (const name of Object.keys(table) as Array<keyof T & string>) {
    out[name] = program.findRelation(name, table[name] as number)?.id;
  }
  return out;
}

/**
 * The span of the first statement that can produce name/arity with the
 * constant `value` in argument `column` (written there, or a variable there),
 * for error messages that point at the fact or rule responsible.
 */
export function statementSpan(program: Program, name: string, arity: number, column: number, value?: string): Span | undefined {
  let fallback: Span | undefined;
  for (const st of program.statements) {
    if (st.head.pred !== name || st.head.args.length !== arity) continue;
    const arg = st.head.args[column];
    if (value === undefined || (arg && arg.kind === 'const' && arg.name === value)) return st.span;
    if (arg && arg.kind === 'var' && !fallback) fallback = st.span;
  }
  return fallback;
}

/** `file:line:col` of a span, for messages. */
export function where(span: Span | undefined): string {
  return span ? `${span.file}:${span.line}:${span.column}` : '';
}
