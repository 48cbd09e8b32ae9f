/**
 * The tree grammar's part of `gramlog check` (Style.check, ../style.ts): a
 * tree generated from a seed and forced choices (PATH → RULE), its size in
 * nodes, and its shrink candidates (src/check/shrink.ts runs them):
 *
 * - a node's subtree replaced by the subtree of its nearest descendant of the
 *   same symbol (by forcing that subtree's rules at the node's paths);
 * - then, at a node, the rule replaced by another rule of its nonterminal
 *   with no more children (leaf rules first). An override is refused by
 *   generation when the file's pre-selectors leave that rule no weight there,
 *   so a shrunk artifact is one the grammar can produce.
 */
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import { pushAll } from '../../arrays.js';
import { record } from '../../data/records.js';
import type { StyleCheck } from '../style.js';
import { walk, type Artifact, type ArtifactNode } from './artifact.js';
import { artifactModel, artifactViolations } from './facts.js';
import { formatJson } from './format-json.js';
import { formatText } from './format-text.js';
import { compileGrammar, type Grammar, type Nonterminal } from './grammar.js';
import { generateFrom } from './generate.js';

export const grammarCheck: StyleCheck<Program, Grammar, Artifact> = {
  program: (program) => program,
  prepare: (program, params) => compileGrammar(program, { params }),
  generate(grammar, seed, choose) {
    const forced = Object.keys(choose).length > 0 ? new Map(Object.entries(choose)) : undefined;
    const artifact = generateFrom(grammar, seed, forced ? { choose: forced, strictChoices: false } : {});
    const violations = artifactViolations(artifact);
    let model: Model | undefined;
    return {
      artifact,
      violations,
      choose: artifact.choices ?? {},
      size: artifact.nodeCount,
      summary: () => JSON.parse(formatJson(artifact, violations)) as unknown,
      model: () => (model ??= artifactModel(artifact)),
    };
  },
  text: (artifact) => formatText(artifact, []),
  shrink: shrinkTree,
  unit: 'nodes',
};

function shrinkTree(art: Artifact, current: Readonly<Record<string, string>>): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  const byName = new Map<string, Nonterminal>();
  for (const nt of art.grammar.nonterminals.values()) byName.set(nt.name, nt);
  const order: ArtifactNode[] = [];
  for (const queue = [art.root]; queue.length > 0; ) {
    const node = queue.shift() as ArtifactNode;
    order.push(node);
    pushAll(queue, node.children);
  }
  // 1. promotion: a node's subtree replaced by the subtree of its nearest descendant
  //    of the same symbol, by forcing that subtree's rules at the node's paths
  for (const node of order) {
    if (node.rule === undefined) continue;
    for (const d of nearestSameSymbol(node)) {
      const choose: Record<string, string> = record();
      for (const [k, v] of Object.entries(current)) if (k !== node.id && !k.startsWith(node.id + '/')) choose[k] = v;
      for (const x of walk(d)) if (x.rule !== undefined) choose[node.id + x.id.slice(d.id.length)] = x.rule;
      out.push(choose);
    }
  }
  // 2. a node's rule replaced by a rule of its nonterminal with no more children (fewest first)
  for (const node of order) {
    if (node.rule === undefined) continue;
    const nt = byName.get(node.symbol);
    const rule = nt?.rules.find((r) => r.name === node.rule);
    if (!nt || !rule) continue;
    const smaller = nt.rules
      .filter((r) => r !== rule && r.children.length <= rule.children.length)
      .sort((x, y) => x.children.length - y.children.length || x.index - y.index);
    for (const r of smaller) out.push({ ...current, [node.id]: r.name });
  }
  return out;
}

/** The descendants of `node` with its symbol and no node of that symbol between them. */
function nearestSameSymbol(node: ArtifactNode): ArtifactNode[] {
  const out: ArtifactNode[] = [];
  const stack = [...node.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as ArtifactNode;
    if (n.symbol === node.symbol && n.rule !== undefined) out.push(n);
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as ArtifactNode);
  }
  return out;
}
