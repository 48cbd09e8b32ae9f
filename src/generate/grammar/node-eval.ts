/**
 * Evaluating the program for one node, with a memo.
 *
 * A node's outcome (outcome.ts) depends only on the facts injected for it
 * (context.ts). When the program mentions no constant that looks like a node
 * id (`n`, `n/...`), node ids are just names no rule can tell apart except by
 * equality, so the node can be evaluated with placeholder ids instead (the
 * node is placeholder 0, its parent 1, ...: constants no rule file can spell)
 * and the outcome reused for every later node whose injected facts are the
 * same up to those ids. Outcomes that mention a placeholder are mapped back to
 * the real ids; one that has a placeholder inside a compound term cannot be,
 * and turns the memo off for the grammar. A node whose arguments hold a node
 * id (passed down by a childarg) is evaluated with its real ids, as is every
 * node when the memo is off or the program mentions node-like constants.
 *
 * The memo never changes a result, only how often the engine runs: tests
 * compare generations with and without it.
 */
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import { KIND_COMPOUND, KIND_CONST, type TermTable } from '../../program/terms.js';
import { NumberTerms, nodeFacts, nodeKey } from './context.js';
import type { Grammar } from './types.js';
import { ROOT_PATH, type GenNode } from './node.js';
import { extractOutcome, slotRelations, SLOT_NAMES, type NodeOutcome, type SlotName } from './outcome.js';

/** Entries kept before the memo is emptied and refilled. */
const MEMO_CAPACITY = 1 << 16;

interface Entry {
  outcome: NodeOutcome;
  /** The outcome mentions a placeholder (in some value): map it per node. */
  mentionsPlaceholder: boolean;
}

export class NodeEvaluator {
  readonly numbers: NumberTerms;
  private readonly terms: TermTable;
  private readonly rels: Record<SlotName, number | undefined>;
  private readonly placeholders: number[] = [];
  /** placeholder term id → distance */
  private readonly distanceOf = new Map<number, number>();
  private readonly memo = new Map<string, Entry>();
  /**
   * The same entries found without writing the key, when a node's facts are
   * only its own (no ancestors, no applied counts): by its arguments array
   * (child argument arrays are shared between nodes, outputs.ts), then its
   * symbol, depth, whether it has a parent and its own choice.
   */
  private byArgs = new WeakMap<readonly number[], Map<number | string, Entry>>();
  private readonly ownFactsOnly: boolean;
  private readonly nodeIdTerms = new Map<number, boolean>();
  private useMemo: boolean;
  /** Evaluations run and outcomes reused (for benchmarks). */
  evaluations = 0;
  hits = 0;

  constructor(
    private readonly g: Grammar,
    memo: boolean,
  ) {
    this.terms = g.program.terms;
    this.numbers = new NumberTerms(this.terms);
    this.rels = slotRelations(g);
    this.useMemo = memo && !g.mentionsNodeIds;
    this.ownFactsOnly = !g.injectAncestors && g.nodeRel.applied === undefined;
  }

  /** The outcome of `node` (with its own `(chose ?n RULE)` when `withOwnChoice`). */
  outcome(node: GenNode, applied: Int32Array, withOwnChoice: boolean): NodeOutcome {
    if (!this.useMemo) return this.direct(node, applied, withOwnChoice);
    let small: Map<number | string, Entry> | undefined;
    let smallKey: number | string = 0;
    if (this.ownFactsOnly) {
      small = this.byArgs.get(node.args);
      const rel = this.g.nodeRel;
      const depth = rel.depth !== undefined ? node.depth : 0;
      const up = rel.parent !== undefined && node.parent ? 1 : 0;
      const own = rel.chose !== undefined && withOwnChoice && node.rule ? node.rule.term : -1;
      // one exact number when the parts fit (symbol < 2^30, depth < 2^20: under 2^53), else text
      smallKey = own < 0 && depth < 1 << 20 && node.symbol < 1 << 30 ? (node.symbol * (1 << 21) + depth * 2 + up) : `${node.symbol},${depth},${up},${own}`;
      const hit = small?.get(smallKey);
      if (hit) {
        this.hits++;
        return hit.mentionsPlaceholder ? this.mapBack(hit.outcome, node) : hit.outcome;
      }
    }
    if (this.argsMentionNodeIds(node)) return this.direct(node, applied, withOwnChoice);
    const key = nodeKey(this.g, node, applied, withOwnChoice);
    let entry = this.memo.get(key);
    if (entry) this.hits++;
    else {
      this.evaluations++;
      const facts = nodeFacts(this.g, node, applied, this.numbers, withOwnChoice, (_n, d) => this.placeholder(d));
      const model = evaluate(this.g.program, { base: this.g.base, facts });
      const outcome = extractOutcome(model, this.rels, this.placeholder(0));
      const mentions = this.scan(outcome);
      if (mentions === 'nested') {
        this.useMemo = false;
        this.memo.clear();
        return this.direct(node, applied, withOwnChoice);
      }
      entry = { outcome, mentionsPlaceholder: mentions === 'yes' };
      if (this.memo.size >= MEMO_CAPACITY) {
        this.memo.clear();
        this.byArgs = new WeakMap();
        small = undefined;
      }
      this.memo.set(key, entry);
    }
    if (this.ownFactsOnly) {
      if (!small) this.byArgs.set(node.args, (small = new Map()));
      small.set(smallKey, entry);
    }
    return entry.mentionsPlaceholder ? this.mapBack(entry.outcome, node) : entry.outcome;
  }

  /**
   * Whether an argument of the node (or of an injected ancestor) holds a node
   * id, e.g. passed down by `(childarg ?n r 0 from ?n)`: such a fact would
   * keep a real id next to the placeholders, so the node is evaluated directly.
   */
  private argsMentionNodeIds(node: GenNode): boolean {
    for (let cur: GenNode | undefined = node; cur; cur = this.g.injectAncestors ? cur.parent : undefined) {
      const a = cur.args;
      for (let i = 1; i < a.length; i += 2) if (this.isNodeIdTerm(a[i] as number)) return true;
    }
    return false;
  }

  /** A node id, or a compound term containing one (the program itself spells none: see mentionsNodeIds). */
  private isNodeIdTerm(id: number): boolean {
    let known = this.nodeIdTerms.get(id);
    if (known === undefined) {
      const kind = this.terms.kind(id);
      if (kind === KIND_CONST) {
        const name = this.terms.name(id);
        known = name === ROOT_PATH || name.startsWith(ROOT_PATH + '/');
      } else if (kind === KIND_COMPOUND) known = this.terms.args(id).some((a) => this.isNodeIdTerm(a));
      else known = false;
      this.nodeIdTerms.set(id, known);
    }
    return known;
  }

  /** The node's model with derivation provenance (real ids, no memo, no base model): for errors that name the rule behind a fact. */
  provenanceModel(node: GenNode, applied: Int32Array, withOwnChoice: boolean): Model {
    const facts = nodeFacts(this.g, node, applied, this.numbers, withOwnChoice, (n) => n.id);
    return evaluate(this.g.program, { facts, provenance: true });
  }

  private direct(node: GenNode, applied: Int32Array, withOwnChoice: boolean): NodeOutcome {
    this.evaluations++;
    const facts = nodeFacts(this.g, node, applied, this.numbers, withOwnChoice, (n) => n.id);
    return extractOutcome(evaluate(this.g.program, { base: this.g.base, facts }), this.rels, node.id);
  }

  private placeholder(distance: number): number {
    let id = this.placeholders[distance];
    if (id === undefined) {
      id = this.terms.constant(`\u0001node${distance}`);
      this.placeholders[distance] = id;
      this.distanceOf.set(id, distance);
    }
    return id;
  }

  /** Whether any value of the outcome is a placeholder ('yes') or contains one in a compound ('nested'). */
  private scan(outcome: NodeOutcome): 'no' | 'yes' | 'nested' {
    let found: 'no' | 'yes' = 'no';
    for (const name of SLOT_NAMES) {
      for (const v of outcome.rows[name]) {
        if (this.distanceOf.has(v)) found = 'yes';
        else if (this.terms.kind(v) === KIND_COMPOUND && this.containsPlaceholder(v)) return 'nested';
      }
    }
    return found;
  }

  private containsPlaceholder(id: number): boolean {
    if (this.distanceOf.has(id)) return true;
    if (this.terms.kind(id) !== KIND_COMPOUND) return false;
    for (const a of this.terms.args(id)) if (this.containsPlaceholder(a)) return true;
    return false;
  }

  private mapBack(outcome: NodeOutcome, node: GenNode): NodeOutcome {
    const ancestor = (distance: number): number => {
      let cur: GenNode | undefined = node;
      for (let d = 0; d < distance && cur; d++) cur = cur.parent;
      return cur ? cur.id : (this.placeholders[distance] as number);
    };
    const rows = {} as Record<SlotName, number[]>;
    for (const name of SLOT_NAMES) {
      rows[name] = outcome.rows[name].map((v) => {
        const d = this.distanceOf.get(v);
        return d === undefined ? v : ancestor(d);
      });
    }
    return { rows };
  }
}
