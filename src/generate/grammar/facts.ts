/**
 * A generated artifact as ground facts, and extra rules (e.g. `violation`
 * rules of a check) evaluated over them.
 *
 *   (node N) (root N)            every node; the root (`n`)
 *   (symbol N S)                 its symbol
 *   (chose N RULE)               its rule (nonterminals)
 *   (arg N KEY VALUE)            its arguments
 *   (attr N KEY VALUE)           its attributes
 *   (depth N D)                  0 for the root
 *   (parent N P)                 P is N's parent
 *   (childindex N I)             N is child I (the rule's INDEX) of its parent
 *   (applied RULE K)             how often RULE was applied in the whole tree
 *
 * Node ids N are the node paths as constants (`n`, `n/0`, `n/0/1`).
 */
import { evaluate, type InjectedFact } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Source } from '../../program/load.js';
import { printAtom } from '../../program/order.js';
import { buildProgram, type Program } from '../../program/program.js';
import { KIND_COMPOUND, KIND_STR, type TermTable } from '../../program/terms.js';
import type { SyntaxTree } from '../../syntax/ast.js';
import { parse } from '../../syntax/parser.js';
import { rebuildProgram, statementTrees } from '../statements.js';
import { NO_VIOLATIONS, violationRelations, violationsOf, type Violations } from '../violations.js';
import { treeOf, type Artifact } from './artifact.js';
import { pruneTo } from './dependencies.js';
import type { Grammar } from './types.js';
import type { GenNode } from './node.js';

/** The relations an artifact's facts fill, with their arity. */
export const ARTIFACT_RELATIONS = {
  node: 1,
  root: 1,
  symbol: 2,
  depth: 2,
  parent: 2,
  childindex: 2,
  chose: 2,
  arg: 3,
  attr: 3,
  applied: 2,
} as const;

export interface ArtifactFact {
  rel: string;
  /** Term ids in `terms`. */
  tuple: number[];
}

/**
 * The artifact's facts, in term ids of `terms` (the grammar's table unless
 * given another); only those of the relations in `only`, when given.
 */
export function artifactTermFacts(artifact: Artifact, terms: TermTable = artifact.grammar.program.terms, only?: ReadonlySet<string>): ArtifactFact[] {
  const out: ArtifactFact[] = [];
  eachTermFact(artifact, terms, only, undefined, (rel, arity, a, b, c, id) => {
    out.push({ rel, tuple: arity === 1 ? [id(a)] : arity === 2 ? [id(a), id(b)] : [id(a), id(b), c] });
  });
  return out;
}

type ArtifactRelation = keyof typeof ARTIFACT_RELATIONS;

/** Stand-ins for the current node's id and its parent's in emitted facts: `id` interns the node's path when a fact is kept. */
const SELF = -1;
const PARENT = -2;

/**
 * An emitted fact: its relation and arity, up to three columns (SELF and
 * PARENT standing for node ids, `c` never one), and `id` to turn a column
 * into a term id of the target table.
 */
type Emit = (rel: ArtifactRelation, arity: number, a: number, b: number, c: number, id: (v: number) => number) => void;

/**
 * artifactTermFacts, one fact at a time (no list of fact objects to build, no
 * node id interned for a fact nobody keeps). `copies` remembers the target
 * table's copies of the grammar's terms (pass the same map for the same
 * target table).
 */
function eachTermFact(artifact: Artifact, terms: TermTable, only: ReadonlySet<string> | undefined, copies: Map<number, number> | undefined, emit: Emit): void {
  const root = treeOf(artifact);
  if (!root) throw new Error('artifactTermFacts: not an artifact made by generate');
  const from = artifact.grammar.program.terms;
  const copied = copies ?? new Map<number, number>();
  const t =
    from === terms
      ? (id: number) => id
      : (id: number) => {
          let c = copied.get(id);
          if (c === undefined) copied.set(id, (c = copyTerm(from, terms, id)));
          return c;
        };
  const want = (rel: string) => only === undefined || only.has(rel);
  const hasNode = want('node');
  const hasSymbol = want('symbol');
  const hasDepth = want('depth');
  const hasRoot = want('root');
  const hasParent = want('parent');
  const hasChildindex = want('childindex');
  const hasChose = want('chose');
  const hasArg = want('arg');
  const hasAttr = want('attr');
  let node: GenNode = root;
  let self = -1;
  const id = (v: number): number => {
    if (v === SELF) return self >= 0 ? self : (self = terms.constant(node.path));
    if (v === PARENT) return terms.constant((node.parent as GenNode).path);
    return v;
  };
  const stack: GenNode[] = [root];
  while (stack.length > 0) {
    node = stack.pop() as GenNode;
    self = -1;
    if (hasNode) emit('node', 1, SELF, 0, 0, id);
    if (hasSymbol) emit('symbol', 2, SELF, t(node.symbol), 0, id);
    if (hasDepth) emit('depth', 2, SELF, terms.number(node.depth), 0, id);
    if (!node.parent) {
      if (hasRoot) emit('root', 1, SELF, 0, 0, id);
    } else {
      if (hasParent) emit('parent', 2, SELF, PARENT, 0, id);
      if (hasChildindex) emit('childindex', 2, SELF, terms.constant(node.segment), 0, id);
    }
    if (node.rule && hasChose) emit('chose', 2, SELF, t(node.rule.term), 0, id);
    if (hasArg) for (let i = 0; i < node.args.length; i += 2) emit('arg', 3, SELF, t(node.args[i] as number), t(node.args[i + 1] as number), id);
    if (hasAttr) for (let i = 0; i < node.attrs.length; i += 2) emit('attr', 3, SELF, t(node.attrs[i] as number), t(node.attrs[i + 1] as number), id);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as GenNode);
  }
  if (want('applied')) {
    for (const r of artifact.grammar.ruleList) emit('applied', 2, t(r.term), terms.number(artifact.applied[r.name] ?? 0), 0, id);
  }
}

/** The artifact's facts as canonical text, e.g. `(arg n/0 w 32)`, in tree order. */
export function artifactFacts(artifact: Artifact): string[] {
  const terms = artifact.grammar.program.terms;
  return artifactTermFacts(artifact).map((f) => printAtom(terms, f.rel, f.tuple));
}

export interface ArtifactModelOptions {
  /** Include the grammar's own statements (default true), so rules can read rule/param/child facts. */
  grammar?: boolean;
}

/** A program to evaluate over artifacts' facts, with its model without them (shared by every artifact). */
interface ArtifactProgram {
  program: Program;
  /** Relation name → id; only the relations the program has when `readOnly`. */
  rels: Map<string, number>;
  /** The names in `rels`. */
  names: ReadonlySet<string>;
  base: Model;
  /**
   * Only when the model is read for some relations alone (`readOnly`: the
   * violations): per relation id, the constants a fact must have to match
   * some body literal that reads the relation (undefined at a position
   * without one); a fact that matches none can change nothing the rules
   * derive. Absent: every fact is needed.
   */
  reads?: Map<number, Array<Array<number | undefined>>>;
  /** The program's copies of the grammar's terms (the grammar's term ids never change). */
  copies: Map<number, number>;
}

function artifactProgram(program: Program, readOnly: boolean): ArtifactProgram {
  const rels = new Map<string, number>();
  for (const [name, arity] of Object.entries(ARTIFACT_RELATIONS)) {
    const id = readOnly ? program.findRelation(name, arity)?.id : program.relationId(name, arity);
    if (id !== undefined) rels.set(name, id);
  }
  const p: ArtifactProgram = { program, rels, names: new Set(rels.keys()), base: evaluate(program), copies: new Map() };
  if (readOnly) p.reads = literalPatterns(program, new Set(rels.values()));
  return p;
}

/**
 * For each relation in `ids` that no rule body reads without constants: the
 * constant patterns of the literals that read it (an empty list when none
 * does). A relation some literal reads with variables only is left out.
 */
function literalPatterns(program: Program, ids: ReadonlySet<number>): Map<number, Array<Array<number | undefined>>> {
  const out = new Map<number, Array<Array<number | undefined>>>();
  const open = new Set<number>();
  for (const id of ids) out.set(id, []);
  for (const rule of program.rules) {
    for (const lit of rule.body) {
      if ((lit.kind !== 'pos' && lit.kind !== 'neg') || !ids.has(lit.rel) || open.has(lit.rel)) continue;
      const pattern = lit.args.map((a) => (a.t === 'const' ? a.id : undefined));
      if (pattern.every((c) => c === undefined)) {
        open.add(lit.rel);
        out.delete(lit.rel);
      } else out.get(lit.rel)?.push(pattern);
    }
  }
  return out;
}

/** Whether some pattern matches the fact (columns a, b, c; `id` turns a node-id stand-in into its id, only when a pattern needs it). */
function readByRules(patterns: Array<Array<number | undefined>>, a: number, b: number, c: number, id: (v: number) => number): boolean {
  for (const pattern of patterns) {
    const p0 = pattern[0];
    const p1 = pattern[1];
    const p2 = pattern[2];
    if ((p0 === undefined || p0 === id(a)) && (p1 === undefined || p1 === id(b)) && (p2 === undefined || p2 === c)) return true;
  }
  return false;
}

function evaluateOver(artifact: Artifact, p: ArtifactProgram): Model {
  const facts: InjectedFact[] = [];
  const ids = p.rels;
  const reads = p.reads;
  eachTermFact(artifact, p.program.terms, p.names, p.copies, (name, arity, a, b, c, id) => {
    const rel = ids.get(name) as number;
    const patterns = reads?.get(rel);
    if (patterns !== undefined && !readByRules(patterns, a, b, c, id)) return;
    facts.push({ rel, tuple: arity === 1 ? [id(a)] : arity === 2 ? [id(a), id(b)] : [id(a), id(b), c] });
  });
  return evaluate(p.program, { facts, base: p.base });
}

/** Per grammar: the whole-file program (`artifactModel`) and the violation program (`artifactViolations`), built once. */
const programs = new WeakMap<Grammar, { whole?: ArtifactProgram; bare?: ArtifactProgram; violations?: ArtifactProgram | null }>();

function cached(grammar: Grammar) {
  let c = programs.get(grammar);
  if (!c) programs.set(grammar, (c = {}));
  return c;
}

/**
 * Evaluate `extra` rules (and, by default, the grammar's statements) over the
 * artifact's facts. Returns the model: e.g. `model.query('(violation ?x)')`.
 * Throws a GramlogError when the combined program has errors. Without `extra`
 * the program is built and evaluated without facts once per grammar; each
 * artifact then evaluates only what depends on its facts.
 */
export function artifactModel(artifact: Artifact, extra: readonly Source[] = [], options: ArtifactModelOptions = {}): Model {
  const withGrammar = options.grammar ?? true;
  const source = artifact.grammar.source;
  const build = () => {
    const trees: SyntaxTree[] = withGrammar ? statementTrees(source) : [];
    for (const s of extra) trees.push(parse(s.text, { file: s.file }));
    return artifactProgram(buildProgram(trees, source.options), false);
  };
  if (extra.length > 0) return evaluateOver(artifact, build());
  const c = cached(artifact.grammar);
  const p = withGrammar ? (c.whole ??= build()) : (c.bare ??= build());
  return evaluateOver(artifact, p);
}

/**
 * The artifact's `(violation ...)` facts and the properties they fail, from
 * the grammar's own `violation` rules: empty at no cost when the grammar has
 * none. Only the statements the violations depend on are evaluated.
 */
export function artifactViolations(artifact: Artifact): Violations {
  const c = cached(artifact.grammar);
  if (c.violations === undefined) {
    const source = artifact.grammar.source;
    const roots = violationRelations(source);
    if (roots.length === 0) c.violations = null;
    else {
      const pruned = pruneTo(source, roots);
      // a program of our own: evaluating over artifacts interns their node ids in its term table
      c.violations = artifactProgram(pruned === source ? rebuildProgram(source, () => true) : pruned, true);
    }
  }
  return c.violations ? violationsOf(evaluateOver(artifact, c.violations)) : NO_VIOLATIONS;
}

/** The same term in another table. */
export function copyTerm(from: TermTable, to: TermTable, id: number): number {
  const kind = from.kind(id);
  if (kind === KIND_STR) return to.string(from.name(id));
  if (kind !== KIND_COMPOUND) return to.constant(from.name(id));
  return to.compound(from.name(id), from.args(id).map((a) => copyTerm(from, to, a)));
}
