/**
 * The compiled grammar's types (what compileGrammar in ./grammar.ts returns),
 * apart from the compiler, so that the generation modules that read a Grammar
 * do not import the compiler, nor it them.
 */
import type { Diagnostic, Span } from '../../errors.js';
import type { Model } from '../../engine/model.js';
import type { Source } from '../../program/load.js';
import type { Program } from '../../program/program.js';
import type { Params } from '../params.js';
import type { NodeRelation, OutputRelation, PreselectorRelation, RelationIds } from './vocabulary.js';

export interface ChildDef {
  /** The INDEX as a number (children are ordered by it). */
  index: number;
  symbol: number;
}

export interface RuleDef {
  /** The RULE term. */
  term: number;
  name: string;
  /** The nonterminal this rule expands. */
  nt: number;
  /** Position in the nonterminal's rule list (the pipeline's rule index). */
  index: number;
  /** Position in the grammar's canonical list of all rules. */
  serial: number;
  weight: number;
  children: ChildDef[];
  /** Where `(rule NT RULE WEIGHT)` is written. */
  span: Span | undefined;
}

export interface Nonterminal {
  term: number;
  name: string;
  /** Sorted by rule term (the canonical order): the order of weights everywhere. */
  rules: RuleDef[];
  /** Base weights, in the order of `rules`. */
  weights: Float64Array;
}

export interface GrammarOptions {
  /** `(param KEY VALUE)` overrides: KEY → VALUE as text. */
  params?: Params;
  /** File name for a program given as text (default `<grammar>`). */
  file?: string;
}

export interface Grammar {
  /**
   * The program generation evaluates: the rule file with params applied,
   * without the statements no reserved relation depends on (e.g. `violation`
   * rules of a check), so they cost nothing per node.
   */
  readonly program: Program;
  /** The whole rule file with params applied (for `artifactModel`). */
  readonly source: Program;
  /** The static model: the program evaluated once with no node facts. */
  readonly base: Model;
  readonly start: number;
  readonly startArgs: ReadonlyArray<readonly [number, number]>;
  readonly nonterminals: ReadonlyMap<number, Nonterminal>;
  /** Every rule by RULE term. */
  readonly rules: ReadonlyMap<number, RuleDef>;
  /** Every rule, in canonical order. */
  readonly ruleList: readonly RuleDef[];
  readonly maxDepth: number;
  readonly maxNodes: number;
  /** The params in effect (after overrides), canonical text, sorted by key. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** The injected relations some rule reads (the others are left out). */
  readonly nodeRel: RelationIds<NodeRelation>;
  readonly selectorRel: RelationIds<PreselectorRelation>;
  readonly outputRel: RelationIds<OutputRelation>;
  /** Inject facts about ancestors too (the program reads `parent` or `chose`). */
  readonly injectAncestors: boolean;
  /** `attr` depends on node facts: evaluate terminals too. */
  readonly attrPerNode: boolean;
  /** `attr` depends on `chose`: evaluate once more after the node's choice. */
  readonly attrNeedsChoice: boolean;
  /** `childarg` depends on node facts (else it is read from the static model). */
  readonly childargPerNode: boolean;
  /** The program mentions a constant that looks like a node id (`n`, `n/0`): no memo (node-eval.ts). */
  readonly mentionsNodeIds: boolean;
  /** Warnings found at load (load-findings.ts): an unreachable nonterminal, a violation rule that never fires. */
  readonly warnings: readonly Diagnostic[];
}

export type GrammarSource = Program | string | readonly Source[];
