/**
 * Graph rules in rule files (.gdl): the LHS is a logic query the engine
 * answers, with everything the engine has (`not`, recursive helper relations,
 * `distinct`, builtins). Vocabulary:
 *
 *   (graphstart LABEL)            the start node's label
 *   (graphrule NAME WEIGHT)       relation NAME is a rewrite rule: each answer of
 *                                 (NAME ?x ?y ...) is a match site, its arguments the
 *                                 matched node ids (matching is injective)
 *   (graphlimit N)                at most N rewrites in all
 *   (graphlimit NAME N)           rule NAME at most N times
 *   (graphdelay NAME N)           rule NAME only after N rewrites
 *   (graphstage NAME S)           rule NAME belongs to stage S (a number; default 0)
 *   (rewrite NAME ITEM...)        the RHS, in the variables of NAME's head:
 *       (node ?v LABEL)           relabel matched ?v, or add a node for a new ?v
 *       (keep ?v)                 keep matched ?v as it is
 *       (edge ?a ?b LABEL)        set an edge
 *       (head ?new ?old) (tail ?new ?old)   ?old's incoming / outgoing edges move to ?new
 *   A matched node the RHS neither keeps nor relabels is removed; the match's
 *   own edges (`(edge ?a ?b L)` in NAME's body between head variables) are
 *   removed before the RHS edges are set.
 *
 * The graph is the facts (node ID LABEL), (edge SRC DST LABEL) and
 * (nodeattr ID KEY VALUE) (facts.ts). Sites are found incrementally where the
 * rules allow it (incremental.ts, locality.ts); LogicSites below evaluates the
 * whole program over the whole graph after each step (the engine's
 * semi-naive evaluation): it serves stages with a global rule (reachability,
 * a condition on the whole graph) and is the reference the incremental sites
 * are tested against.
 */
import { GramlogError, throwIfErrors, type Code, type Span } from '../../errors.js';
import { evaluate, type Model } from '../../engine/index.js';
import { buildProgram, type Program, type ProgramOptions } from '../../program/program.js';
import type { Statement, Term } from '../../syntax/ast.js';
import { parse } from '../../syntax/parser.js';
import { didYouMean } from '../../did-you-mean.js';
import { checkVocabulary, declaredNames } from '../vocabulary-check.js';
import { GRAPH_REWRITE_SCHEMA, GRAPH_SCHEMA } from './schema.js';
import { printTerm } from '../../syntax/printer.js';
import { suggest } from './labels.js';
import { unreadLabels } from './label-typos.js';
import { checkLogicRulesReachable } from './logic-reachable.js';
import { applyParams, throwFirst, undeclaredParamReads, type Params } from '../params.js';
import type { Graph } from './graph.js';
import { graphFacts } from './facts.js';
import type { Site } from './match.js';
import type { SiteSource } from './generate.js';
import { splitRuleParts } from './logic-parts.js';
import { DEFAULT_MAX_STEPS, type GraphGrammar, type GraphRule, type GraphStage, type RhsEdge, type RhsNode } from './types.js';

/** The label of a RHS node that keeps the matched node's label. */
export const KEEP_LABEL: unique symbol = Symbol('keep-label');

export function isGraphRuleText(text: string): boolean {
  return /\(\s*graph(?:rule|start)\s/.test(text);
}

/**
 * A head that names one variable twice never matches: a match binds each head
 * position to a different node (graph/bad-rule, at the second occurrence).
 */
function repeatedHeadVariable(name: string, args: readonly Term[]): void {
  const seen = new Set<string>();
  for (const t of args) {
    if (t.kind !== 'var') continue;
    if (seen.has(t.name)) {
      fail('graph/bad-rule', t.span, `the head of ${name} names ?${t.name} twice, so ${name} never matches: each head position is a different matched node; list ?${t.name} once`);
    }
    seen.add(t.name);
  }
}

function fail(code: Code, span: Span | undefined, message: string): never {
  throw new GramlogError(code, message, span);
}

function termValue(t: Term): unknown {
  switch (t.kind) {
    case 'const':
      return /^-?\d+(\.\d+)?$/.test(t.name) ? Number(t.name) : t.name;
    case 'str':
      return t.value;
    default:
      return printTerm(t);
  }
}

/** The first character of a file: where a finding about the whole file points. */
function startOfFile(file: string): Span {
  return { file, line: 1, column: 1, offset: 0, endLine: 1, endColumn: 1, endOffset: 0 };
}

function num(t: Term | undefined, what: string, span: Span): number {
  if (!t || t.kind !== 'const' || !/^\d+(\.\d+)?$/.test(t.name)) fail('graph/bad-number', t?.span ?? span, `${what} must be a number >= 0, not ${t ? printTerm(t) : 'missing'}`);
  const n = Number(t.name);
  if (!Number.isFinite(n)) fail('graph/bad-number', t.span, `${what} must be a finite number, not ${t.name.length > 20 ? t.name.slice(0, 20) + '…' : t.name} (past the largest number, about 1.8e308)`);
  return n;
}

/** Compile a .gdl graph grammar (the program also holds its `violation` rules). */
export function compileLogicGrammar(text: string, file: string, params?: Params, engine: ProgramOptions = {}): GraphGrammar {
  const tree = parse(text, { file });
  checkGraphVocabulary(tree.statements);
  const rewrites = tree.statements.filter((s) => s.head.pred === 'rewrite');
  const rest = tree.statements.filter((s) => s.head.pred !== 'rewrite');
  const { program, split } = buildLogicProgram(rest, file, params, engine);
  const settings = readSettings(rest, rewrites, file);
  const stageRules = new Map<number, GraphRule[]>();
  settings.decls.forEach((d, i) => {
    const rule = compileLogicRule(settings.names[i] as string, d, rest, rewrites, settings, split);
    stageRules.set(rule.stage, [...(stageRules.get(rule.stage) ?? []), rule]);
  });
  const stages: GraphStage[] = [...stageRules.keys()]
    .sort((a, b) => a - b)
    .map((s) => {
      const rules = (stageRules.get(s) as GraphRule[]).map((r, i) => ({ ...r, index: i }));
      return { name: `stage ${s}`, limit: undefined, rules };
    });
  // a rule that can never apply from the start label: reported when a run starts from it (not from a --graph)
  let unreachable: GramlogError | undefined;
  const startTerm = factsOf(rest, 'graphstart').at(-1)?.head.args[0];
  if (startTerm?.kind === 'const' || startTerm?.kind === 'str') {
    const rules = stages.flatMap((s) => s.rules.map((r) => ({ name: r.name, stage: r.stage, weight: r.weight })));
    unreachable = checkLogicRulesReachable(startTerm.kind === 'const' ? startTerm.name : startTerm.value, rules, rest, rewrites);
  }
  return { kind: 'graph', name: file, file, start: settings.start, limit: settings.limit, stages, program, logic: program, maxSteps: DEFAULT_MAX_STEPS, unreachable, warnings: unreadLabels(tree.statements) };
}

/** Arities, argument kinds, facts, rewrite items and rule names, from the schema, each at its term. */
function checkGraphVocabulary(statements: readonly Statement[]): void {
  const ruleNames = declaredNames(statements, GRAPH_SCHEMA).rule ?? [];
  throwIfErrors(
    checkVocabulary(statements, GRAPH_SCHEMA, {
      nodeConstant: () => true,
      items: GRAPH_REWRITE_SCHEMA,
      names: { rule: { names: ruleNames, message: (pred, _text, name) => `(${pred} ${name} ...) names no (graphrule ${name} WEIGHT)` } },
    }),
  );
}

/** The program of the statements other than rewrites, with its params applied and the graph relations created. */
function buildLogicProgram(rest: Statement[], file: string, params: Params | undefined, engine: ProgramOptions): { program: Program; split: ReturnType<typeof splitRuleParts> } {
  // a rule whose query has unconnected parts: one relation per part (logic-parts.ts)
  const graphRuleNames = rest.filter((s) => !s.isRule && s.head.pred === 'graphrule' && s.head.args[0]).map((s) => printTerm(s.head.args[0] as Term));
  const split = splitRuleParts(rest, graphRuleNames);
  const built = buildProgram([{ file, statements: split.statements }], engine);
  throwIfErrors(built.diagnostics);
  // (param KEY VALUE) facts replaced by --param / a check's drawn values
  const program = applyParams(built, params);
  throwIfErrors(program.diagnostics);
  throwFirst(undeclaredParamReads(program));
  // create the graph relations before the first evaluation
  graphFacts(program, [], []);
  return { program, split };
}

function factsOf(statements: readonly Statement[], pred: string): Statement[] {
  return statements.filter((s) => !s.isRule && s.head.pred === pred);
}

/** What the facts of a .gdl graph grammar set: the start, the limits, delays and stages, and the declared rules. */
interface Settings {
  start: unknown;
  limit: number | undefined;
  ruleLimit: Map<string, number>;
  ruleDelay: Map<string, number>;
  ruleStage: Map<string, number>;
  /** The (graphrule NAME WEIGHT) facts, and their names. */
  decls: Statement[];
  names: string[];
}

/** Read the settings; every name they give must be a declared rule. */
function readSettings(rest: readonly Statement[], rewrites: readonly Statement[], file: string): Settings {
  const facts = (pred: string) => factsOf(rest, pred);
  let start: unknown = 'start';
  for (const s of facts('graphstart')) start = termValue(s.head.args[0] as Term);
  let limit: number | undefined;
  const ruleLimit = new Map<string, number>();
  const ruleDelay = new Map<string, number>();
  const ruleStage = new Map<string, number>();
  /** Where each (graphlimit|graphdelay|graphstage NAME ...) names its rule, for an unknown name. */
  const named = new Map<string, Span>();
  const nameOf = (s: Statement): string => {
    const a = s.head.args[0] as Term;
    const n = printTerm(a);
    named.set(`${s.head.pred} ${n}`, a.span ?? s.span);
    return n;
  };
  for (const s of facts('graphlimit')) {
    if (s.head.args.length === 1) limit = num(s.head.args[0], 'graphlimit', s.span);
    else ruleLimit.set(nameOf(s), num(s.head.args[1], 'graphlimit', s.span));
  }
  for (const s of facts('graphdelay')) ruleDelay.set(nameOf(s), num(s.head.args[1], 'graphdelay', s.span));
  for (const s of facts('graphstage')) ruleStage.set(nameOf(s), num(s.head.args[1], 'graphstage', s.span));

  const decls = facts('graphrule');
  if (decls.length === 0) fail('graph/no-rules', startOfFile(file), 'a graph grammar declares its rules with (graphrule NAME WEIGHT), and this file declares none');
  const names = decls.map((d) => printTerm(d.head.args[0] as Term));
  for (const [map, what] of [
    [ruleLimit, 'graphlimit'],
    [ruleDelay, 'graphdelay'],
    [ruleStage, 'graphstage'],
  ] as const) {
    for (const k of map.keys()) if (!names.includes(k)) fail('graph/unknown-rule', named.get(`${what} ${k}`), `(${what} ${k} ...) names no (graphrule ${k} WEIGHT)${suggest(k, names)}`);
  }
  for (const rw of rewrites) {
    const n = rw.head.args[0] ? printTerm(rw.head.args[0]) : '';
    if (!names.includes(n)) fail('graph/unknown-rule', rw.head.args[0]?.span ?? rw.span, `(rewrite ${n} ...) names no (graphrule ${n} WEIGHT)${suggest(n, names)}`);
  }
  return { start, limit, ruleLimit, ruleDelay, ruleStage, decls, names };
}

/** One rule: its query's head variables are the matched nodes, its rewrites the right-hand side. */
function compileLogicRule(name: string, decl: Statement, rest: readonly Statement[], rewrites: readonly Statement[], settings: Settings, split: ReturnType<typeof splitRuleParts>): GraphRule {
  const weight = num(decl.head.args[1], `the weight of rule ${name}`, decl.span);
  const defs = rest.filter((s) => s.head.pred === name && (s.isRule || s.body.length > 0));
  const def = defs[0];
  if (!def) fail('graph/unknown-rule', decl.span, `rule ${name} has no query: write (<= (${name} ?a ...) body...) whose answers are its match sites`);
  const vars = def.head.args.map((t) => {
    if (t.kind !== 'var') fail('graph/bad-rule', t.span, `the head of ${name} lists the matched nodes as variables, not ${printTerm(t)}`);
    return t.name;
  });
  for (const d of defs) repeatedHeadVariable(name, d.head.args);
  const index = new Map(vars.map((v, k) => [v, k]));
  const matchedEdges: Array<[number, number]> = [];
  for (const lit of def.body) {
    if (lit.kind === 'atom' && lit.pred === 'edge' && lit.args.length === 3) {
      const [a, b] = lit.args;
      if (a?.kind === 'var' && b?.kind === 'var' && index.has(a.name) && index.has(b.name)) matchedEdges.push([index.get(a.name) as number, index.get(b.name) as number]);
    }
  }
  const rhs = readRewrites(
    name,
    vars,
    index,
    rewrites.filter((r) => printTerm(r.head.args[0] as Term) === name),
  );
  const merged = mergeRhsNodes(rhs, index);
  const stage = settings.ruleStage.get(name) ?? 0;
  return {
    name,
    index: 0,
    stage,
    nodes: vars.map((v) => ({ id: v, query: (l: unknown) => l, strict: false, neighbors: 0 })),
    edges: [],
    induced: false,
    rhsNodes: merged,
    rhsEdges: rhs.edges,
    weight,
    limit: settings.ruleLimit.get(name) ?? 0,
    countType: `rule:${name}`,
    delay: settings.ruleDelay.get(name) ?? 0,
    origin: { path: name, span: def.span },
    logic: { vars, matchedEdges, keep: rhs.keep, ...(split.parts.has(name) ? { parts: split.parts.get(name) } : {}) },
  };
}

/** The items of a rule's rewrites, as read: before the nodes they name are merged. */
interface Rewrite {
  /** The matched nodes kept (by their position in the head). */
  keep: Set<number>;
  nodes: RhsNode[];
  edges: RhsEdge[];
  heads: Map<string, string[]>;
  tails: Map<string, string[]>;
}

/** Read the (rewrite NAME ITEM...) facts of one rule; every edge end must be a matched or a new node. */
function readRewrites(name: string, vars: readonly string[], index: ReadonlyMap<string, number>, rewrites: readonly Statement[]): Rewrite {
  const rw: Rewrite = { keep: new Set(), nodes: [], edges: [], heads: new Map(), tails: new Map() };
  const edgeSpans = new Map<RhsEdge, Span>();
  const varOf = (t: Term | undefined, span: Span, what: string): string => {
    if (!t || t.kind !== 'var') fail('graph/bad-rewrite', t?.span ?? span, `${what} takes a variable (a matched node of ${name}, or a new node), not ${t ? printTerm(t) : 'nothing'}`);
    return t.name;
  };
  const matched = (v: string, span: Span) => {
    if (!index.has(v)) fail('graph/unknown-node', span, `?${v} is no node matched by ${name} (its head binds ${vars.map((x) => '?' + x).join(' ')})${suggest(v, vars)}`);
    return v;
  };
  const ground = (t: Term | undefined): unknown => {
    if (t === undefined) return undefined;
    if (t.kind === 'var' || (t.kind === 'compound' && /\?/.test(printTerm(t)))) fail('graph/bad-rewrite', t.span, `a label in a rewrite is written out (room, "Big room", 3), not ${printTerm(t)}`);
    return termValue(t);
  };
  const nodeIds = new Set<string>(vars);
  for (const r of rewrites) {
    for (const item of r.head.args.slice(1)) {
      if (item.kind !== 'compound') fail('graph/bad-rewrite', item.span, `a rewrite item is (node ?v LABEL), (keep ?v), (edge ?a ?b LABEL), (head ?new ?old) or (tail ?new ?old), not ${printTerm(item)}`);
      const [x, y, z] = item.args;
      switch (item.functor) {
        case 'node': {
          const v = varOf(x, item.span, 'node');
          const label = ground(y);
          nodeIds.add(v);
          rw.nodes.push({ id: v, label: () => label, head: [], tail: [] });
          break;
        }
        case 'keep':
          rw.keep.add(index.get(matched(varOf(x, item.span, 'keep'), item.span)) as number);
          break;
        case 'edge': {
          const v = varOf(x, item.span, 'edge');
          const w = varOf(y, item.span, 'edge');
          const label = ground(z);
          const edge: RhsEdge = { v, w, label: () => label };
          rw.edges.push(edge);
          edgeSpans.set(edge, item.span);
          break;
        }
        case 'head':
        case 'tail': {
          const v = varOf(x, item.span, item.functor);
          const old = matched(varOf(y, item.span, item.functor), item.span);
          const map = item.functor === 'head' ? rw.heads : rw.tails;
          map.set(v, [...(map.get(v) ?? []), old]);
          break;
        }
        default:
          fail('graph/bad-rewrite', item.functorSpan, `unknown rewrite item (${item.functor} ...)${suggest(item.functor, ['node', 'keep', 'edge', 'head', 'tail'])}; the items are node, keep, edge, head, tail`);
      }
    }
  }
  for (const e of rw.edges) {
    for (const v of [e.v, e.w]) {
      if (!nodeIds.has(v)) fail('graph/unknown-node', edgeSpans.get(e), `rule ${name}: edge end ?${v} is neither matched by ${name} nor a (node ?${v} LABEL) of the rewrite${didYouMean(`?${v}`, [...nodeIds].map((x) => `?${x}`))}`);
    }
  }
  return rw;
}

/** One RHS node per variable the rewrite names; a matched one named only in head/tail keeps its label (and is kept). */
function mergeRhsNodes(rw: Rewrite, index: ReadonlyMap<string, number>): RhsNode[] {
  const merged: RhsNode[] = [];
  for (const n of rw.nodes) {
    const m = merged.find((x) => x.id === n.id);
    if (m) m.label = n.label;
    else merged.push({ ...n });
  }
  for (const v of new Set([...rw.heads.keys(), ...rw.tails.keys()])) {
    if (merged.some((n) => n.id === v)) continue;
    if (index.has(v)) rw.keep.add(index.get(v) as number);
    merged.push({ id: v, label: index.has(v) ? () => KEEP_LABEL : () => undefined, head: [], tail: [] });
  }
  for (const n of merged) {
    n.head = rw.heads.get(n.id) ?? [];
    n.tail = rw.tails.get(n.id) ?? [];
  }
  return merged;
}

const staticModels = new WeakMap<Program, Model>();

/** Sites of .gdl rules: the answers of each rule's relation, from a whole evaluation of the program after each step. */
export class LogicSites implements SiteSource {
  private sites: Site[][] = [];
  constructor(
    private readonly grammar: GraphGrammar,
    private readonly rules: readonly GraphRule[],
    private readonly graph: Graph,
  ) {
    this.refresh();
  }

  private refresh(): void {
    const program = this.grammar.logic as Program;
    // the relations that read no graph fact are taken from the program's evaluation without a graph
    let base = staticModels.get(program);
    if (!base) staticModels.set(program, (base = evaluate(program, { facts: graphFacts(program, [], []) })));
    const model = evaluate(program, { facts: graphFacts(program, this.graph.nodeList(), this.graph.edgeList()), base });
    const terms = program.terms;
    this.sites = this.rules.map((rule, r) => {
      const vars = rule.logic?.vars ?? [];
      const out: Site[] = [];
      for (const t of model.tuples(rule.name, vars.length)) {
        const nodes = t.map((id) => (terms.kind(id) === 1 ? terms.name(id) : terms.print(id)));
        if (new Set(nodes).size !== nodes.length) continue; // injective
        if (!nodes.every((id) => this.graph.nodes.has(id))) continue;
        out.push({ rule: r, nodes, slot: out.length });
      }
      return out;
    });
  }

  count(rule: number): number {
    return (this.sites[rule] as Site[]).length;
  }

  site(rule: number, index: number): Site {
    return (this.sites[rule] as Site[])[index] as Site;
  }

  update(): void {
    this.refresh();
  }
}

export type { Statement };
