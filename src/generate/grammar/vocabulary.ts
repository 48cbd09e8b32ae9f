/**
 * The reserved relations of a grammar file, and which of them the generator
 * injects, reads once, or reads at every node. Their forms are declared once,
 * in schema.ts (GRAMMAR_SCHEMA); the tables below take the arities from it.
 *
 *   read once (static):  (start SYMBOL) (startarg KEY VALUE) (param KEY VALUE)
 *                        (rule NT RULE WEIGHT) (child RULE INDEX SYMBOL)
 *                        (terminal SYMBOL) (maxdepth D) (maxnodes N)
 *   injected per node:   (symbol ?n NT) (arg ?n KEY VALUE) (depth ?n D)
 *                        (parent ?n ?p) (chose ?p RULE) (applied RULE K)
 *   read per node:       (setprob ?n RULE P) (addprob ?n RULE D) (scaleprob ?n RULE F)
 *                        (transfer ?n FROM TO) (forbid ?n RULE) (forbidexcept ?n RULE)
 *                        (force ?n RULE) (normalizeto ?n TOTAL)
 *                        (attr ?n KEY VALUE) (childarg ?n RULE INDEX KEY VALUE)
 */
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { GRAMMAR_SCHEMA } from './schema.js';

/** name → arity of each of `names`, read from GRAMMAR_SCHEMA (the one place the vocabulary is declared). */
function relationTable<const N extends readonly string[]>(names: N): { readonly [K in N[number]]: number } {
  const out: Record<string, number> = {};
  for (const name of names) {
    const entry = GRAMMAR_SCHEMA.entries.find((e) => e.name === name);
    if (!entry) throw new Error(`grammar vocabulary: ${name} is not in GRAMMAR_SCHEMA`);
    out[name] = entry.args.length;
  }
  return out as { readonly [K in N[number]]: number };
}

/** Read once, from the static model (must not depend on the node being expanded). */
export const STATIC_RELATIONS = relationTable(['start', 'startarg', 'param', 'rule', 'child', 'terminal', 'maxdepth', 'maxnodes']);

/** Injected per node (the schema's group "injected at each node"). */
export const NODE_RELATIONS = relationTable(['symbol', 'arg', 'depth', 'parent', 'chose', 'applied']);

/** Read per node to weigh the choice (the schema's pre-selectors). */
export const PRESELECTOR_RELATIONS = relationTable(['setprob', 'addprob', 'scaleprob', 'transfer', 'forbid', 'forbidexcept', 'force', 'normalizeto']);

/** Read per node into the artifact (the schema's outputs). */
export const OUTPUT_RELATIONS = relationTable(['attr', 'childarg']);

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
