/**
 * The expansion loop. Nodes are expanded depth first, in pre-order, children
 * in INDEX order (this is the order `(applied RULE K)` counts in). For each
 * node:
 *
 *   1. evaluate the program on the static model plus the node's facts
 *      (context.ts); terminals are evaluated only when attributes need it;
 *   2. read the pre-selectors (preselectors.ts) and run the pipeline
 *      (pipeline.ts) on the nonterminal's base weights;
 *   3. draw the rule from the node's own stream (selector.ts);
 *   4. create the rule's children with their childargs (outputs.ts) and read
 *      the node's attributes (evaluating once more with `(chose ?n RULE)` when
 *      attributes depend on the choice).
 *
 * Limits: a node deeper than maxdepth or more than maxnodes nodes is an error
 * naming the rule that keeps recursing (failures.ts); a tree that outgrows the
 * memory budget (../memory.ts, checked every so many nodes, a deep node's long
 * path counting for more) stops with generate/memory.
 */
import { NodeStreams, weightedIndex } from '../../random.js';
import { memoryGuard, type MemoryBudget } from '../memory.js';
import { forcedRule, type Choices } from './choices.js';
import { blameOf, type Blame } from './blame.js';
import { depthError, nodesError, pipelineError } from './failures.js';
import type { Grammar, Nonterminal } from './types.js';
import { EAGER_DEPTH, NodeNames, TreeNode, type GenNode } from './node.js';
import { formatNumber } from '../../program/terms.js';
import { statementSpan, where } from './vocabulary.js';
import { NodeEvaluator } from './node-eval.js';
import { extractOutcome, slotRelations, type NodeOutcome } from './outcome.js';
import { readAttrs, readChildArgs, sortPairs } from './outputs.js';
import { runPipeline, type PipelineResult, type Selectors } from './pipeline.js';
import { readSelectors } from './preselectors.js';
import { DRAW, ruleWithoutDraw } from './selector.js';

/** What the loop reports per expanded node when recording (for --explain). */
export interface ExpansionRecord {
  node: GenNode;
  /** Undefined for a terminal. */
  nonterminal: Nonterminal | undefined;
  selectors: Selectors | undefined;
  result: PipelineResult | undefined;
  /** Position of the node in expansion order (0 = root). */
  order: number;
  /** Where the rule that derived each pre-selector fact a step applied is written (recording only: blame.ts). */
  blame?: Blame;
}

export interface ExpansionRecorder {
  expanded(record: ExpansionRecord): void;
}

export interface ExpandOptions {
  recorder?: ExpansionRecorder;
  /** Reuse node outcomes across nodes with the same facts (default true; see node-eval.ts). */
  memo?: boolean;
  /** Forced choices, PATH → RULE (choices.ts). */
  choose?: Choices;
  /** The memory budget (default: the installed one, see ../memory.ts). */
  memory?: MemoryBudget;
  /** Told of every nonterminal node's choice, in expansion order (`--satisfy`'s search over choice points). */
  onChoice?: (node: GenNode, nonterminal: Nonterminal, result: PipelineResult, chosen: number) => void;
}

export interface Expansion {
  root: GenNode;
  nodeCount: number;
  /** How often each rule was applied, by `RuleDef.serial`. */
  applied: Int32Array;
  /** Paths of the nonterminal nodes whose rule was forced by `choose`. */
  forced: Set<string>;
}

/** Per-grammar node names (child ids and paths), reused across generations. */
const names = new WeakMap<Grammar, NodeNames>();

/** Per-grammar evaluators (with their memo), reused across generations. */
const evaluators = new WeakMap<Grammar, { memo?: NodeEvaluator; plain?: NodeEvaluator }>();

export function nodeEvaluator(g: Grammar, memo: boolean): NodeEvaluator {
  let pair = evaluators.get(g);
  if (!pair) evaluators.set(g, (pair = {}));
  const key = memo ? 'memo' : 'plain';
  let ev = pair[key];
  if (!ev) pair[key] = ev = new NodeEvaluator(g, memo);
  return ev;
}

/** Outcomes of the static model (for nodes that need no evaluation), per grammar and node id. */
const staticOutcomes = new WeakMap<Grammar, Map<number, NodeOutcome>>();

function staticOutcome(g: Grammar, node: GenNode): NodeOutcome {
  let m = staticOutcomes.get(g);
  if (!m) staticOutcomes.set(g, (m = new Map()));
  // a program that spells no node id derives nothing about any one node: one outcome serves all (and no deep id is interned)
  const id = g.mentionsNodeIds ? node.id : -1;
  let o = m.get(id);
  if (!o) m.set(id, (o = extractOutcome(g.base, slotRelations(g), id)));
  return o;
}

export function expandTree(g: Grammar, seed: number | string, options: ExpandOptions = {}): Expansion {
  const terms = g.program.terms;
  const recorder = options.recorder;
  const evaluator = nodeEvaluator(g, options.memo ?? true);
  const record = recorder !== undefined;
  let naming = names.get(g);
  if (!naming) names.set(g, (naming = new NodeNames(terms)));
  const streams = new NodeStreams(seed);
  /** The current node's path segments, root first (filled when a draw needs its stream). */
  const segments: string[] = [];
  /** The first draw of the node's stream (the only one a node makes: selector.ts). */
  const drawOf = (node: TreeNode): number => {
    const states = node.streamStates;
    if (states !== undefined) return streams.firstDrawSeeded(node.mash, states[0] as number, states[1] as number);
    // the stream of one of the next few nodes to expand along with this one's, when that one will likely draw
    // too (two mash chains side by side cost little more than one); shallow nodes, whose paths are written out
    if (node.depth <= EAGER_DEPTH) {
      for (let i = stack.length - 1; i >= 0 && i >= stack.length - PARTNER_REACH; i--) {
        const partner = stack[i] as TreeNode;
        if (partner.streamStates === undefined && partner.depth <= EAGER_DEPTH && (g.nonterminals.get(partner.symbol)?.rules.length ?? 0) > 1) {
          partner.streamStates = [0.5, 0.5];
          return streams.firstDrawPaired(node.path, node.mash, partner.path, partner.mash, partner.streamStates);
        }
      }
      return streams.firstDrawOf(node.path, node.mash);
    }
    // a deep node's path is not written out: its segments are read instead
    let k = node.depth;
    for (let cur: GenNode | undefined = node; cur; cur = cur.parent) segments[k--] = cur.segment;
    return streams.firstDraw(segments, node.depth + 1, node.mash);
  };
  const applied = new Int32Array(g.ruleList.length);
  const rootName = naming.root();
  const root = new TreeNode(naming, rootName.segment, rootName.path.length, streams.first(rootName.segment), g.start, startArgs(g), 0, undefined, NO_ATTRS, NO_CHILDREN, rootName);
  const stack: TreeNode[] = [root];
  const forced = new Set<string>();
  let count = 0;
  let context = limitContexts.get(g);
  if (!context) limitContexts.set(g, (context = limitContext(g)));
  const guard = memoryGuard(options.memory, context);
  const hasAttr = g.outputRel.attr !== undefined;
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    if (++count > g.maxNodes) throw nodesError(g, applied);
    guard.step(1 + node.pathLength / PATH_CHARS_PER_NODE);
    const nt = g.nonterminals.get(node.symbol);
    const perNode = nt !== undefined || g.attrPerNode;
    const outcome = perNode ? evaluator.outcome(node, applied, false) : staticOutcome(g, node);
    let selectors: Selectors | undefined;
    let result: PipelineResult | undefined;
    let blame: Blame | undefined;
    if (nt) {
      const cached = record ? undefined : outcome.pipeline;
      if (cached !== undefined && cached.nt === nt.term) {
        selectors = cached.selectors;
        result = cached.result;
      } else {
        selectors = readSelectors(g, outcome, record ? node.id : -1, nt, record);
        result = runPipeline(nt.weights, selectors, record);
        // a memoized outcome serves every node with the same facts: the same selectors, the same weights
        if (!record && !result.problem) outcome.pipeline = { nt: nt.term, selectors, result };
      }
      if (result.problem) {
        if (!record) {
          selectors = readSelectors(g, outcome, node.id, nt, true);
          result = runPipeline(nt.weights, selectors, true);
        }
        throw pipelineError(g, node, nt, selectors, result, blameOf(g, evaluator.provenanceModel(node, applied, false), node.id));
      }
      // --explain names the rule instance behind each fact a step applied: the node evaluated once more, with provenance
      if (record && result.steps?.some((s) => s.facts.length > 0)) blame = blameOf(g, evaluator.provenanceModel(node, applied, false), node.id);
      const override = options.choose ? forcedRule(g, node, nt, result, options.choose) : undefined;
      if (override !== undefined) forced.add(node.path);
      let chosen = override ?? ruleWithoutDraw(result);
      if (chosen === DRAW) chosen = weightedIndex(result.weights, drawOf(node));
      const rule = nt.rules[chosen];
      if (!rule) throw new Error(`internal: selector returned ${chosen} for ${nt.rules.length} rules`);
      node.rule = rule;
      options.onChoice?.(node, nt, result, chosen);
      if (rule.children.length > 0) {
        if (node.depth + 1 > g.maxDepth) throw depthError(g, node, (rule.children[0] as { index: number }).index);
        const argsOf = readChildArgs(g, g.childargPerNode ? outcome : staticOutcome(g, node), node, rule);
        node.children = [];
        for (let i = 0; i < rule.children.length; i++) {
          const c = rule.children[i] as { index: number; symbol: number };
          const depth = node.depth + 1;
          const name = depth <= EAGER_DEPTH ? naming.child(node.id, node.path, c.index) : undefined;
          const segment = name ? name.segment : formatNumber(c.index);
          node.children.push(
            new TreeNode(naming, segment, node.pathLength + 1 + segment.length, streams.extend(node.mash, segment), c.symbol, argsOf[i] as number[], depth, node, NO_ATTRS, NO_CHILDREN, name),
          );
        }
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as TreeNode);
      }
    }
    if (hasAttr) {
      // attributes see the node as it was expanded (applied counts before its
      // choice), plus its own (chose ?n RULE) when they read it
      let attrOutcome = outcome;
      if (g.attrNeedsChoice && node.rule) attrOutcome = evaluator.outcome(node, applied, true);
      node.attrs = readAttrs(g, attrOutcome, node);
    }
    if (node.rule) applied[node.rule.serial] = (applied[node.rule.serial] as number) + 1;
    recorder?.expanded({ node, nonterminal: nt, selectors, result, order: count - 1, ...(blame ? { blame } : {}) });
  }
  return { root, nodeCount: count, applied, forced };
}

/** The root's arguments, sorted once per grammar (shared: node arguments are never mutated). */
const rootArgs = new WeakMap<Grammar, number[]>();

function startArgs(g: Grammar): number[] {
  let args = rootArgs.get(g);
  if (!args) rootArgs.set(g, (args = sortPairs(g, g.startArgs.flatMap((p) => [p[0], p[1]]), () => 'unreachable', 'startarg', 2)));
  return args;
}

/** What the memory error names, per grammar (the same for every generation). */
const limitContexts = new WeakMap<Grammar, ReturnType<typeof limitContext>>();

/** The attributes and children of a node that has none (shared: a node's attrs and children are replaced, never mutated). */
const NO_ATTRS: number[] = [];
const NO_CHILDREN: GenNode[] = [];

/** How many of the next nodes to expand a drawing node looks at for a partner to seed its stream with. */
const PARTNER_REACH = 4;

/** A node costs about 2 KB; a path this long costs as much again. */
const PATH_CHARS_PER_NODE = 2048;

/** What the memory error names: the (maxnodes N) fact when the file gives one. */
function limitContext(g: Grammar): { unit: string; lower: string; span: ReturnType<typeof statementSpan> } {
  const span = statementSpan(g.program, 'maxnodes', 1, 0);
  const depth = statementSpan(g.program, 'maxdepth', 1, 0);
  const lower = span
    ? `(maxnodes ${g.maxNodes}) at ${where(span)}`
    : `the node limit with (maxnodes N) (the default is ${g.maxNodes.toLocaleString('en-US')})`;
  return { unit: 'nodes', lower: depth ? `${lower} or (maxdepth ${g.maxDepth}) at ${where(depth)}` : lower, span: span ?? depth ?? statementSpan(g.program, 'start', 1, 0) };
}
