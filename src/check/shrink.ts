/**
 * Shrinking a failing artifact in the space of forced choices, as Hypothesis
 * shrinks its choice sequence. An artifact is its seed and params plus
 * per-node overrides (GeneratedArtifact.choose), so a smaller artifact is one
 * more override away:
 *
 * - grammar: a node's subtree replaced by the subtree of its nearest
 *   descendant of the same symbol (by forcing that subtree's rules at the
 *   node's paths); then, at a node, the rule replaced by another rule of its
 *   nonterminal with no more children (leaf rules first). An override is
 *   refused by generation when the file's pre-selectors leave that rule no
 *   weight there, so a shrunk artifact is one the grammar can produce;
 * - layers: a placed site cleared (its base bit forced off).
 *
 * `shrinkCandidates` lists the one-step candidates of an artifact (smallest
 * change first: nodes near the root, leaf rules; the latest layers' sites);
 * `shrinkArtifact` keeps each candidate that still fails (by `keep`) and is
 * strictly smaller, until none is (a fixed point) or the budget runs out.
 * Overrides that change nothing (the seed draws that rule anyway) are dropped
 * at the end, so the replay command is short. Deterministic: the same
 * artifact gives the same result.
 */
import { walk, type Artifact, type ArtifactNode, type Nonterminal } from '../generate/grammar/index.js';
import type { LayerArtifact } from '../generate/layers/index.js';
import type { ArtifactGenerator, GeneratedArtifact } from './artifact.js';
import { record } from '../data/records.js';
import { pushAll } from '../arrays.js';

export interface ShrinkOptions {
  /** Largest number of candidates generated (default 500). */
  maxTries?: number;
  /** Which candidates count as still failing (default: fails, without a generation error, on a property the original fails). */
  keep?: (candidate: GeneratedArtifact, original: GeneratedArtifact) => boolean;
}

export interface ShrinkResult {
  /** The smallest failing artifact found. */
  artifact: GeneratedArtifact;
  /** Sizes before and after (nodes of a grammar's tree, placed sites of layers). */
  before: number;
  after: number;
  /** Candidates kept, and candidates generated. */
  steps: number;
  tries: number;
  /** True when no candidate of the result still fails (false: the budget ran out first). */
  fixedPoint: boolean;
}

export function sameFailure(candidate: GeneratedArtifact, original: GeneratedArtifact): boolean {
  return candidate.failed && candidate.error === undefined && candidate.properties.some((p) => original.properties.includes(p));
}

/** The override sets one step smaller than `a`, smallest change first. */
export function shrinkCandidates(a: GeneratedArtifact): Array<Record<string, string>> {
  if (!a.artifact || a.error) return [];
  // a graph is shrunk by its seed and params only (fast-check's shrinking): it has no forced choices
  if (a.style === 'graph') return [];
  const out: Array<Record<string, string>> = [];
  if (a.style === 'grammar') {
    const art = a.artifact as Artifact;
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
        for (const [k, v] of Object.entries(a.choose)) if (k !== node.id && !k.startsWith(node.id + '/')) choose[k] = v;
        for (const x of walk(d)) if (x.rule !== undefined) choose[node.id + x.id.slice(d.id.length)] = x.rule;
        out.push(choose);
      }
    }
    // 2. a node's rule replaced by a rule of its nonterminal with no more children (fewest first)
    for (const node of order) {
      if (node.rule === undefined) continue;
      const nt = byName.get(node.symbol);
      const current = nt?.rules.find((r) => r.name === node.rule);
      if (!nt || !current) continue;
      const smaller = nt.rules
        .filter((r) => r !== current && r.children.length <= current.children.length)
        .sort((x, y) => x.children.length - y.children.length || x.index - y.index);
      for (const r of smaller) out.push({ ...a.choose, [node.id]: r.name });
    }
  } else {
    const art = a.artifact as LayerArtifact;
    for (let i = art.layers.length - 1; i >= 0; i--) {
      const l = art.layers[i] as LayerArtifact['layers'][number];
      for (const k of l.placed) out.push({ ...a.choose, [`${l.name}:${k}`]: 'off' });
    }
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

/** Drop overrides that change nothing (the seed draws that rule anyway): the replay command gets shorter. */
function dropRedundant(generator: ArtifactGenerator, a: GeneratedArtifact, budget: { tries: number; max: number }): GeneratedArtifact {
  let current = a;
  const same = (x: GeneratedArtifact) => JSON.stringify(x.summary()) === JSON.stringify(current.summary());
  for (const key of Object.keys(a.choose)) {
    if (budget.tries >= budget.max) break;
    if (!(key in current.choose)) continue;
    const choose = { ...current.choose };
    delete choose[key];
    budget.tries++;
    const c = generator.generate(current.seed, current.params, choose);
    if (c.error === undefined && same(c)) current = c;
  }
  return current;
}

/** Shrink a failing artifact to a fixed point (see the module comment). */
export function shrinkArtifact(generator: ArtifactGenerator, failing: GeneratedArtifact, options: ShrinkOptions = {}): ShrinkResult {
  const maxTries = options.maxTries ?? 500;
  const keep = options.keep ?? sameFailure;
  const before = failing.size ?? 0;
  let current = failing;
  let steps = 0;
  let tries = 0;
  let fixedPoint = failing.error !== undefined || failing.size === undefined;
  search: while (!fixedPoint) {
    for (const choose of shrinkCandidates(current)) {
      if (tries >= maxTries) break search;
      tries++;
      const c = generator.generate(current.seed, current.params, choose);
      if (c.size !== undefined && c.size < (current.size ?? Infinity) && keep(c, failing)) {
        current = c;
        steps++;
        continue search;
      }
    }
    fixedPoint = true;
  }
  const budget = { tries, max: maxTries + Object.keys(current.choose).length };
  current = dropRedundant(generator, current, budget);
  return { artifact: current, before, after: current.size ?? before, steps, tries: budget.tries, fixedPoint };
}
