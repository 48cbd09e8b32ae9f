/**
 * What the generator needs to know about a program's dependencies: which
 * relations change from node to node, which injected relations any rule reads,
 * whether the program spells node ids, and the program without the rules the
 * generator never reads.
 */
import type { Program } from '../../program/program.js';
import { relationKey } from '../../program/rules.js';
import type { Literal, Statement, Term } from '../../syntax/ast.js';
import { reachable, readersOf, readsOf } from '../relation-graph.js';
import { rebuildProgram } from '../statements.js';
import { ROOT_PATH } from './node.js';
import {
  NODE_RELATIONS,
  OUTPUT_RELATIONS,
  PRESELECTOR_RELATIONS,
  STATIC_RELATIONS,
  type RelationIds,
} from './vocabulary.js';

/**
 * Relations whose contents can change from node to node: the injected node
 * relations and everything derived from them (transitively).
 */
export function nodeDependentRelations(program: Program): Uint8Array {
  const start: number[] = [];
  for (const [name, arity] of Object.entries(NODE_RELATIONS)) {
    const info = program.findRelation(name, arity);
    if (info) start.push(info.id);
  }
  const marks = new Uint8Array(program.relations.length);
  for (const r of reachable(readersOf(program), start)) marks[r] = 1;
  return marks;
}

/** Whether any rule body reads name/arity (so injecting it can matter). */
export function isRead(program: Program, name: string, arity: number): boolean {
  const info = program.findRelation(name, arity);
  if (!info) return false;
  return program.rules.some((r) => r.body.some((l) => (l.kind === 'pos' || l.kind === 'neg') && l.rel === info.id));
}

/** Names (name/arity) of every reserved relation the generator reads. */
const READ_BY_GENERATOR = [STATIC_RELATIONS, PRESELECTOR_RELATIONS, OUTPUT_RELATIONS].flatMap((table) =>
  Object.entries(table).map(([name, arity]) => relationKey(name, arity)),
);

/**
 * The program without the statements whose relations the generator never
 * reads, directly or through other rules (the same program when none).
 */
export function pruneForGeneration(program: Program): Program {
  return pruneTo(
    program,
    program.relations.filter((r) => READ_BY_GENERATOR.includes(relationKey(r.name, r.arity))).map((r) => r.id),
  );
}

/**
 * The program with only the statements of `roots` and of the relations they
 * read, directly or through other rules (the same program when that is all of
 * it). The roots' contents are the same in both programs.
 */
export function pruneTo(program: Program, roots: Iterable<number>): Program {
  const needed = reachable(readsOf(program), roots);
  const keep = (st: Statement) => {
    const info = program.findRelation(st.head.pred, st.head.args.length);
    return info !== undefined && needed.has(info.id);
  };
  return program.statements.every(keep) ? program : rebuildProgram(program, keep);
}

/** Keep only the relations some rule body reads (injecting the others could change nothing). */
export function readRelations<K extends string>(program: Program, ids: RelationIds<K>): RelationIds<K> {
  const out = { ...ids };
  for (const name of Object.keys(out) as K[]) {
    const id = out[name];
    if (id !== undefined && !isRead(program, name, (program.relations[id] as { arity: number }).arity)) out[name] = undefined;
  }
  return out;
}

/** Whether a constant `n` or `n/...` (a node id's shape) occurs anywhere in the program text. */
export function mentionsNodeIds(program: Program): boolean {
  const isNodeId = (t: Term): boolean =>
    t.kind === 'const' ? t.name === ROOT_PATH || t.name.startsWith(ROOT_PATH + '/') : t.kind === 'compound' && t.args.some(isNodeId);
  const inLiteral = (l: Literal): boolean => {
    switch (l.kind) {
      case 'atom':
        return l.args.some(isNodeId);
      case 'not':
        return inLiteral(l.body);
      case 'or':
        return l.disjuncts.some(inLiteral);
      case 'distinct':
        return isNodeId(l.left) || isNodeId(l.right);
    }
  };
  return program.statements.some((st) => st.head.args.some(isNodeId) || st.body.some(inLiteral));
}

/** Whether relation `target` depends (transitively) on relation `source`. */
export function dependsOn(program: Program, target: number, source: number): boolean {
  return reachable(readsOf(program), [target]).has(source);
}
