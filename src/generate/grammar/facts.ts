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
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Source } from '../../program/load.js';
import { printAtom } from '../../program/order.js';
import { buildProgram } from '../../program/program.js';
import { KIND_COMPOUND, KIND_STR, type TermTable } from '../../program/terms.js';
import type { Statement, SyntaxTree } from '../../syntax/ast.js';
import { parse } from '../../syntax/parser.js';
import { treeOf, type Artifact } from './artifact.js';
import type { GenNode } from './node.js';

export interface ArtifactFact {
  rel: string;
  /** Term ids in `terms`. */
  tuple: number[];
}

/** The artifact's facts, in term ids of `terms` (the grammar's table unless given another). */
export function artifactTermFacts(artifact: Artifact, terms: TermTable = artifact.grammar.program.terms): ArtifactFact[] {
  const root = treeOf(artifact);
  if (!root) throw new Error('artifactTermFacts: not an artifact made by generate');
  const from = artifact.grammar.program.terms;
  const t = from === terms ? (id: number) => id : (id: number) => copyTerm(from, terms, id);
  const out: ArtifactFact[] = [];
  const stack: GenNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as GenNode;
    const id = terms.constant(node.path);
    out.push({ rel: 'node', tuple: [id] }, { rel: 'symbol', tuple: [id, t(node.symbol)] });
    out.push({ rel: 'depth', tuple: [id, terms.number(node.depth)] });
    if (!node.parent) out.push({ rel: 'root', tuple: [id] });
    else {
      out.push({ rel: 'parent', tuple: [id, terms.constant(node.parent.path)] });
      out.push({ rel: 'childindex', tuple: [id, terms.constant(node.path.slice(node.parent.path.length + 1))] });
    }
    if (node.rule) out.push({ rel: 'chose', tuple: [id, t(node.rule.term)] });
    for (let i = 0; i < node.args.length; i += 2) out.push({ rel: 'arg', tuple: [id, t(node.args[i] as number), t(node.args[i + 1] as number)] });
    for (let i = 0; i < node.attrs.length; i += 2) out.push({ rel: 'attr', tuple: [id, t(node.attrs[i] as number), t(node.attrs[i + 1] as number)] });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as GenNode);
  }
  for (const r of artifact.grammar.ruleList) {
    out.push({ rel: 'applied', tuple: [t(r.term), terms.number(artifact.applied[r.name] ?? 0)] });
  }
  return out;
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

/**
 * Evaluate `extra` rules (and, by default, the grammar's statements) over the
 * artifact's facts. Returns the model: e.g. `model.query('(violation ?x)')`.
 * Throws a GramlogError when the combined program has errors.
 */
export function artifactModel(artifact: Artifact, extra: readonly Source[] = [], options: ArtifactModelOptions = {}): Model {
  const trees: SyntaxTree[] = [];
  if (options.grammar ?? true) {
    const byFile = new Map<string, Statement[]>();
    for (const st of artifact.grammar.source.statements) {
      const list = byFile.get(st.span.file) ?? [];
      list.push(st);
      byFile.set(st.span.file, list);
    }
    for (const [file, statements] of byFile) trees.push({ file, statements });
  }
  for (const s of extra) trees.push(parse(s.text, { file: s.file }));
  const program = buildProgram(trees, artifact.grammar.source.options);
  const facts = artifactTermFacts(artifact, program.terms);
  const arity: Record<string, number> = { node: 1, root: 1, symbol: 2, depth: 2, parent: 2, childindex: 2, chose: 2, arg: 3, attr: 3, applied: 2 };
  const rels = new Map<string, number>();
  for (const [name, n] of Object.entries(arity)) rels.set(name, program.relationId(name, n));
  return evaluate(program, { facts: facts.map((f) => ({ rel: rels.get(f.rel) as number, tuple: f.tuple })) });
}

/** The same term in another table. */
export function copyTerm(from: TermTable, to: TermTable, id: number): number {
  const kind = from.kind(id);
  if (kind === KIND_STR) return to.string(from.name(id));
  if (kind !== KIND_COMPOUND) return to.constant(from.name(id));
  return to.compound(from.name(id), from.args(id).map((a) => copyTerm(from, to, a)));
}
