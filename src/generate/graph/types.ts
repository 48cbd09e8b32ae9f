/**
 * The compiled, immutable form of a graph grammar (from graphgram JSON or from
 * a .gdl rule file): stages of rules, each rule a LHS pattern (the query whose
 * answers are the match sites) and a RHS (the transaction applied at a site).
 */
import type { Diagnostic, GramlogError, Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { Label, LabelExpr, LabelQuery } from './labels.js';

export interface PatternNode {
  /** The LHS id (`a`, `b`... for shortcuts). */
  id: string;
  query: LabelQuery;
  /** The matched node may have no neighbours outside the match (graphgram's `strict`). */
  strict: boolean;
  /** Its number of distinct neighbours in the LHS graph (for `strict`). */
  neighbors: number;
}

export interface PatternEdge {
  /** Indexes into the pattern's nodes. */
  v: number;
  w: number;
  query: LabelQuery;
  id: string | undefined;
}

export interface RhsNode {
  id: string;
  label: LabelExpr;
  /** For the load-time analysis: the one string label this node gets, `copy` (the matched node's), or undefined (not known). */
  produces?: string | 'copy' | undefined;
  /** LHS node ids whose incoming edges this node takes. */
  head: string[];
  /** LHS node ids whose outgoing edges this node takes. */
  tail: string[];
}

export interface RhsEdge {
  v: string;
  w: string;
  label: LabelExpr;
}

/** Where a rule was written: the JSON path (JSON grammars) and the span. */
export interface RuleOrigin {
  path: string;
  span: Span | undefined;
}

export interface GraphRule {
  name: string;
  /** Index in its stage. */
  index: number;
  stage: number;
  nodes: PatternNode[];
  edges: PatternEdge[];
  induced: boolean;
  rhsNodes: RhsNode[];
  rhsEdges: RhsEdge[];
  weight: number;
  /** Rule limit (0 or absent: none, as in graphgram). */
  limit: number;
  /** Rules sharing a countType share the limit. */
  countType: string;
  delay: number;
  origin: RuleOrigin;
  /** The LHS's string labels that must match exactly (a plain word as query), with their JSON paths. */
  literals?: Array<{ label: string; path: ReadonlyArray<string | number> }>;
  /** Rules with equal keys have the same LHS query and share its sites (JSON grammars). */
  lhsKey?: string;
  /** For .gdl grammars: the engine query that gives this rule's sites. */
  logic?: LogicRule;
}

/** A part of a .gdl rule's query (logic-parts.ts): its relation and the positions (in the rule's head) of its matched nodes. */
export interface LogicPart {
  name: string;
  positions: number[];
}

/** A .gdl rule: the `(match NAME ?v...)` relation whose answers are the sites, and the RHS. */
export interface LogicRule {
  /** Variable names of the match head, in order (they bind graph node ids). */
  vars: string[];
  /** Edges `(edge ?a ?b L)` of the match body between match variables: removed by a rewrite. */
  matchedEdges: Array<[number, number]>;
  /** Match variables the RHS keeps (node and label unchanged). */
  keep: Set<number>;
  /** A query of unconnected parts: the relation of each part and its matched nodes (logic-parts.ts); the rule's own relation is then not in the program. */
  parts?: LogicPart[];
}

export interface GraphStage {
  name: string;
  /** Stage limit (absent: none). */
  limit: number | undefined;
  rules: GraphRule[];
}

export interface GraphGrammar {
  readonly kind: 'graph';
  readonly name: string;
  readonly file: string;
  /** Where the grammar starts in its file (for errors about the whole grammar). */
  readonly span?: Span | undefined;
  /** The label of the start node (when no start graph is given). */
  readonly start: Label;
  /** Grammar-wide limit on rewrites (absent: none). */
  readonly limit: number | undefined;
  readonly stages: readonly GraphStage[];
  /** Rules evaluated over the final graph's facts: `(violation ...)` and helpers. */
  readonly program: Program | undefined;
  /** .gdl grammars: the program whose `match` relation gives the sites. */
  readonly logic: Program | undefined;
  /** Stop with graph/step-limit after this many rewrites (default 50,000). */
  readonly maxSteps: number;
  /** The same grammar compiled with these params (.gdl `(param KEY VALUE)` facts replaced). */
  readonly withParams?: (params: Readonly<Record<string, string>>) => GraphGrammar;
  /** .gdl grammars: a rule that can never apply from the start label (thrown by generateGraph when no start graph is given). */
  readonly unreachable?: GramlogError | undefined;
  /** .gdl grammars: load warnings of the rules and rewrites (label-typos.ts), reported with the violation warnings. */
  readonly warnings?: readonly Diagnostic[];
}

/** A graph: nodes and edges, labels as JSON values. */
export interface GraphNode {
  id: string;
  label: Label;
}

export interface GraphEdge {
  v: string;
  w: string;
  label: Label;
}

/** A start graph (graphlib JSON, or built in code). */
export interface GraphInput {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
}

export const DEFAULT_MAX_STEPS = 50_000;
