/**
 * graphgram JSON grammar → GraphGrammar. graphgram's syntactic sugar is
 * expanded as its Grammar.init does (a string LHS/RHS is one node `a`/`0`, an
 * array is a chain whose end nodes are `strict` on the LHS; a shortcut sets
 * `head`/`tail` of the first/last RHS node to the first/last LHS node; a RHS
 * without `node` copies the LHS; a RHS node or edge with a LHS id and no label
 * copies the label, or `$assign`s its `update` to it), and every problem is a
 * GramlogError naming the JSON path and the file:line:col:
 *
 *   graph/unknown-key        a key graphgram's schema does not have (did you mean)
 *   graph/unknown-node       an edge, head or tail names no node of its side
 *   graph/duplicate-id       two nodes (or edges) with one id
 *   graph/bad-label-query    a LHS label that is no query (null, bad regex, unknown $op)
 *   graph/bad-label-expr     a RHS label expression that is malformed
 *   graph/unknown-id         `${x.label}` / `$x.label` naming no LHS id
 *   graph/javascript         condition, $test, a non-reference $eval, a weight expression, $llm
 *   graph/bad-number         limit, delay or weight that is not a number
 *   graph/bad-grammar        wrong JSON types (rules not an array, ...)
 *   graph/stage-never-applies a stage with no rule that can ever be chosen
 */
import { GramlogError, type Code, type Diagnostic, type Span } from '../../errors.js';
import { parseJson, pathText, type JsonDocument, type JsonPath } from '../../syntax/json.js';
import { didYouMean } from '../../did-you-mean.js';
import { jsonKeys } from './schema.js';
import { compileExpr, compileQuery, suggest, type Reporter } from './labels.js';
import { labelTypos, noteBodyReads, type Kind } from './label-typos.js';
import type { Statement } from '../../syntax/ast.js';
import { DEFAULT_MAX_STEPS, type GraphGrammar, type GraphRule, type GraphStage, type PatternEdge, type PatternNode, type RhsEdge, type RhsNode, type RuleOrigin } from './types.js';

// the keys of each object, from the schema (GRAPH_JSON_SCHEMA)
const GRAMMAR_KEYS = jsonKeys('grammar');
const STAGE_KEYS = jsonKeys('stage');
const RULE_KEYS = jsonKeys('rule');
const LHS_NODE_KEYS = jsonKeys('lhs');
const RHS_NODE_KEYS = jsonKeys('rhs');
const IDENT = /^[a-zA-Z_0-9]+$/;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

class Loader {
  constructor(readonly doc: JsonDocument) {}
  rule = '';
  /** The labels the rules make and match (for graph/unread-label, label-typos.ts). */
  readonly labels = { made: [] as Array<{ kind: Kind; label: string; path: JsonPath }>, read: { node: new Set<string>(), edge: new Set<string>() }, open: { node: false, edge: false } };
  noteRead(kind: Kind, literal: string | undefined): void {
    if (literal === undefined) this.labels.open[kind] = true;
    else this.labels.read[kind].add(literal);
  }
  noteMade(kind: Kind, label: unknown, path: JsonPath): void {
    if (typeof label === 'string' && !label.includes('${')) this.labels.made.push({ kind, label, path });
  }
  fail(code: Code, path: JsonPath, message: string): never {
    const where = pathText(path);
    throw new GramlogError(code, `${where}${this.rule ? ` (${this.rule})` : ''}: ${message}`, this.doc.spanAt(path));
  }
  reporter(known: readonly string[] = []): Reporter {
    return { fail: (c, p, m) => this.fail(c, p, m), known };
  }
  keys(o: Obj, allowed: readonly string[], path: JsonPath, what: string): void {
    for (const k of Object.keys(o)) {
      if (allowed.includes(k)) continue;
      const c = didYouMean(k, allowed, { quote: '"', max: 1, parenthesized: true });
      this.fail('graph/unknown-key', [...path, k], `${what} has no key "${k}"${c}; its keys are ${allowed.join(', ')}`);
    }
  }
  number(o: Obj, key: string, path: JsonPath, what: string): number | undefined {
    const v = o[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail('graph/bad-number', [...path, key], `${what} ${key} must be a number, not ${JSON.stringify(v)}`);
    return v;
  }
}

/**
 * Compile a graphgram JSON grammar. `rules`: the statements of its rule files
 * (violation rules), whose reads of node and edge labels count as reads.
 */
export function compileJsonGrammar(text: string, file: string, rules: readonly Statement[] = []): GraphGrammar {
  const doc = parseJson(text, file);
  const L: Loader = new Loader(doc);
  const g = doc.value;
  if (!isObj(g)) L.fail('graph/bad-grammar', [], 'a graph grammar is a JSON object with "rules" or "stages"');
  L.keys(g, GRAMMAR_KEYS, [], 'a grammar');
  const limit = L.number(g, 'limit', [], 'the grammar');
  const induced = g.induced === undefined ? false : bool(L, g, 'induced', []);
  if (g.name !== undefined && typeof g.name !== 'string') L.fail('graph/bad-grammar', ['name'], 'name must be a string');
  const name = typeof g.name === 'string' ? g.name : 'graph-grammar';
  let stagesJson: Array<{ obj: Obj; path: JsonPath }>;
  if (g.stages !== undefined) {
    if (g.rules !== undefined) L.fail('graph/bad-grammar', ['rules'], 'a grammar has either "rules" or "stages", not both');
    if (!Array.isArray(g.stages) || g.stages.length === 0) L.fail('graph/bad-grammar', ['stages'], '"stages" must be a non-empty array of stages');
    stagesJson = g.stages.map((s, i) => {
      if (!isObj(s)) L.fail('graph/bad-grammar', ['stages', i], 'a stage is an object with "rules"');
      L.keys(s, STAGE_KEYS, ['stages', i], 'a stage');
      return { obj: s, path: ['stages', i] };
    });
  } else if (g.rules !== undefined) {
    stagesJson = [{ obj: { rules: g.rules, name }, path: [] }];
  } else L.fail('graph/bad-grammar', [], 'a graph grammar needs "rules" (or "stages", each with "rules")');

  const stages: GraphStage[] = stagesJson.map(({ obj, path }, si) => {
    const stageLimit = path.length === 0 ? undefined : L.number(obj, 'limit', path, 'the stage');
    const stageInduced = obj.induced === undefined ? induced : bool(L, obj, 'induced', path);
    const rules = obj.rules;
    if (!Array.isArray(rules)) L.fail('graph/bad-grammar', [...path, 'rules'], '"rules" must be an array of rules');
    const stageName = typeof obj.name === 'string' ? obj.name : `stage #${si}`;
    const compiled = rules.map((r, ri) => compileRule(L, r, [...path, 'rules', ri], ri, si, stageInduced));
    L.rule = '';
    if (compiled.length === 0 || compiled.every((r) => r.weight <= 0)) {
      L.fail('graph/stage-never-applies', [...path, 'rules'], `${stageName} can never apply: ${compiled.length === 0 ? 'it has no rules' : 'every rule has weight 0'}`);
    }
    return { name: stageName, limit: stageLimit, rules: compiled };
  });
  if (g.start !== undefined) checkReachable(L, stages, g.start);
  return {
    kind: 'graph',
    name,
    file,
    span: { ...doc.spanAt([]), endLine: doc.spanAt([]).line, endColumn: doc.spanAt([]).column + 1, endOffset: doc.spanAt([]).offset + 1 },
    start: g.start,
    limit,
    stages,
    program: undefined,
    logic: undefined,
    maxSteps: DEFAULT_MAX_STEPS,
    warnings: jsonLabelTypos(L, rules),
  };
}

/** graph/unread-label for a JSON grammar: labels its RHS make that neither its LHS nor its rule files read. */
function jsonLabelTypos(L: Loader, rules: readonly Statement[]): Diagnostic[] {
  noteBodyReads(rules, L.labels.read, L.labels.open);
  return labelTypos(
      L.labels.made.map((m) => ({ kind: m.kind, label: m.label, span: () => L.doc.spanAt(m.path) })),
      L.labels.read,
    L.labels.open,
  );
}

/**
 * A rule whose LHS needs a label nothing can produce never applies: a typo
 * such as "chest_content" for "chest_contents" is an error, not a silent
 * no-op. Decided only while every label the grammar can make is known: from
 * the start label, stage by stage, the RHS labels that are plain strings (a
 * RHS node that copies its matched label makes none). Once a RHS label is an
 * expression or an object, later rules are not checked. Grammars without
 * `start` (meant for a start graph, --graph) are not checked.
 */
function checkReachable(L: Loader, stages: readonly GraphStage[], start: unknown): void {
  const made = new Set<string>();
  if (typeof start === 'string') made.add(start);
  else return;
  for (const stage of stages) {
    let open = false;
    for (const rule of stage.rules) {
      for (const n of rule.rhsNodes) {
        if (n.produces === undefined) open = true;
        else if (n.produces !== 'copy') made.add(n.produces);
      }
    }
    if (open) return;
    for (const rule of stage.rules) {
      const missing = rule.literals?.find((l) => !made.has(l.label));
      if (!missing) continue;
      const c = didYouMean(missing.label, [...made], { quote: '"', max: 1, parenthesized: true });
      L.rule = `rule ${rule.name}`;
      if (rule.weight > 0 && stage.rules.every((r) => r === rule || r.literals?.some((l) => !made.has(l.label)))) {
        L.fail('graph/stage-never-applies', missing.path, `${stage.name} can never apply: no rule can match, e.g. this one needs a node labelled "${missing.label}", which neither the start nor any rule makes${c}`);
      }
      L.fail('graph/rule-never-applies', missing.path, `it needs a node labelled "${missing.label}", which neither the start label nor any rule up to this stage makes${c}`);
    }
  }
}

function bool(L: Loader, o: Obj, key: string, path: JsonPath): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') L.fail('graph/bad-grammar', [...path, key], `${key} must be true or false, not ${JSON.stringify(v)}`);
  return v;
}

interface NodeSpec {
  id: string;
  label: unknown;
  hasLabel: boolean;
  update: unknown;
  strict: boolean;
  head: string[];
  tail: string[];
  path: JsonPath;
  labelPath: JsonPath;
}

interface EdgeSpec {
  v: string | undefined;
  w: string | undefined;
  label: unknown;
  hasLabel: boolean;
  update: unknown;
  id: string | undefined;
  path: JsonPath;
  labelPath: JsonPath;
  /** Where v and w are written (the edge itself when they are implied). */
  vPath?: JsonPath;
  wPath?: JsonPath;
}

function compileRule(L: Loader, r: unknown, path: JsonPath, index: number, stage: number, stageInduced: boolean): GraphRule {
  L.rule = '';
  if (!isObj(r)) L.fail('graph/bad-grammar', path, 'a rule is an object with "lhs" and "rhs"');
  const name = typeof r.name === 'string' ? r.name : `rule #${index}`;
  L.rule = `rule ${name}`;
  L.keys(r, RULE_KEYS, path, 'a rule');
  if (r.condition !== undefined) {
    L.fail('graph/javascript', [...path, 'condition'], 'condition is JavaScript, which gramlog never evaluates; express the test in the LHS (label queries $equals, $contains, $find, $not, $and, $or, edges, strict, induced), or write the rule in a .gdl graph grammar where the LHS is a logic query with not and helper relations');
  }
  if (r.lhs === undefined) L.fail('graph/bad-grammar', path, 'a rule needs "lhs"');
  if (r.rhs === undefined) L.fail('graph/bad-grammar', path, 'a rule needs "rhs"');
  const weight = ruleWeight(L, r, path);
  const limit = L.number(r, 'limit', path, 'the rule') ?? 0;
  const delay = L.number(r, 'delay', path, 'the rule') ?? 0;
  if (r.type !== undefined && typeof r.type !== 'string') L.fail('graph/bad-grammar', [...path, 'type'], 'type must be a string');
  const induced = r.induced === undefined ? stageInduced : bool(L, r, 'induced', path);

  const lhs = readLhs(L, r.lhs, [...path, 'lhs']);
  const pattern = compilePattern(L, lhs);
  const rhsPath = [...path, 'rhs'];
  const rhs = readRhs(L, r.rhs, rhsPath, lhs.nodes);
  // a label or a chain on either side links the replacement to the match: its first node takes the edges into the match, its last the edges out
  const lhsNodes = lhs.nodes;
  const rhsNodes = rhs.nodes;
  if ((lhs.link || rhs.link) && rhsNodes.length > 0 && !(lhsNodes.length === 1 && rhsNodes.length === 1 && lhsNodes[0]?.id === rhsNodes[0]?.id)) {
    (rhsNodes[0] as NodeSpec).head = [(lhsNodes[0] as NodeSpec).id];
    (rhsNodes[rhsNodes.length - 1] as NodeSpec).tail = [(lhsNodes[lhsNodes.length - 1] as NodeSpec).id];
  }

  const rep = L.reporter([...pattern.nodeIndex.keys(), ...pattern.edgeIds.keys()]);
  const { compiled: compiledNodes, ids: rhsIds } = compileRhsNodes(L, rhsNodes, pattern.nodeIndex, rep, rhsPath);
  const compiledEdges = compileRhsEdges(L, rhs.edges, pattern.edgeIds, rhsIds, rep);

  return {
    name,
    index,
    stage,
    nodes: pattern.nodes,
    edges: pattern.edges,
    induced,
    rhsNodes: compiledNodes,
    rhsEdges: compiledEdges,
    weight,
    limit,
    countType: typeof r.type === 'string' ? `type:${r.type}` : `rule:${index}`,
    delay,
    origin: lazyOrigin(pathText(path), () => L.doc.spanAt(path)),
    literals: lhsNodes.flatMap((n, i) => {
      const lit = pattern.nodes[i]?.query.literal;
      return lit !== undefined ? [{ label: lit, path: n.labelPath }] : [];
    }),
    lhsKey: JSON.stringify([lhsNodes.map((n) => [n.id, n.label, n.strict]), lhs.edges.map((e) => [e.v, e.w, e.label, e.id]), induced]),
  };
}

/** A rule's "weight": a number >= 0 (or a string holding one); 1 when absent. */
function ruleWeight(L: Loader, r: Obj, path: JsonPath): number {
  let weight = 1;
  if (r.weight !== undefined) {
    if (typeof r.weight === 'number') weight = r.weight;
    else if (typeof r.weight === 'string' && /^\s*[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(r.weight)) weight = Number(r.weight);
    else if (typeof r.weight === 'string') {
      L.fail('graph/javascript', [...path, 'weight'], `weight "${r.weight}" is a JavaScript expression, which gramlog never evaluates; give a number (a rule with more match sites is already chosen more often)`);
    } else L.fail('graph/bad-number', [...path, 'weight'], `weight must be a number, not ${JSON.stringify(r.weight)}`);
    if (!(weight >= 0) || !Number.isFinite(weight)) L.fail('graph/bad-number', [...path, 'weight'], `weight must be a finite number >= 0, not ${typeof r.weight === 'number' ? String(r.weight) : JSON.stringify(r.weight)}`);
  }
  return weight;
}

/** One side of a rule as written: its nodes and edges, and whether it was a label or a chain (which links it to the other side). */
interface SideSpec {
  nodes: NodeSpec[];
  edges: EdgeSpec[];
  link: boolean;
}

/** The LHS: a label, a chain of labels (nodes a, b, c, ...; its ends strict) or {node, edge}. */
function readLhs(L: Loader, lhs: unknown, lhsPath: JsonPath): SideSpec {
  const lhsId = (n: number) => String.fromCharCode(97 + n);
  if (typeof lhs === 'string') return { nodes: [spec(lhsId(0), lhs, lhsPath)], edges: [], link: true };
  if (Array.isArray(lhs) && lhs.every((x) => typeof x === 'string')) {
    if (lhs.length === 0) L.fail('graph/bad-grammar', lhsPath, 'a LHS chain needs at least one label');
    return {
      nodes: lhs.map((label, n) => ({ ...spec(lhsId(n), label, [...lhsPath, n]), strict: n === 0 || n === lhs.length - 1 })),
      edges: lhs.slice(1).map((_, n) => edgeSpec(lhsId(n), lhsId(n + 1), [...lhsPath, n + 1])),
      link: true,
    };
  }
  if (isObj(lhs)) {
    L.keys(lhs, ['node', 'edge'], lhsPath, 'a LHS');
    if (!Array.isArray(lhs.node) || lhs.node.length === 0) L.fail('graph/bad-grammar', [...lhsPath, 'node'], 'a LHS needs a non-empty "node" array');
    const nodes = lhs.node.map((n, i) => nodeSpec(L, n, [...lhsPath, 'node', i], lhsId(i), true));
    return { nodes, edges: edgeSpecs(L, lhs.edge, [...lhsPath, 'edge'], true), link: false };
  }
  L.fail('graph/bad-grammar', lhsPath, 'a LHS is a label, an array of labels (a chain) or {node, edge}');
}

/** The LHS compiled: its nodes' and edges' queries, node ids by position and edge ids; ids unique, one edge per ordered pair. */
function compilePattern(L: Loader, lhs: SideSpec): { nodes: PatternNode[]; edges: PatternEdge[]; nodeIndex: Map<string, number>; edgeIds: Map<string, EdgeSpec> } {
  const nodeIndex = new Map<string, number>();
  lhs.nodes.forEach((n, i) => {
    if (nodeIndex.has(n.id)) L.fail('graph/duplicate-id', n.path, `duplicate node id ${n.id}`);
    nodeIndex.set(n.id, i);
  });
  const edgeIds = new Map<string, EdgeSpec>();
  const pairs = new Set<string>();
  const edges: PatternEdge[] = lhs.edges.map((e) => {
    const v = nodeRef(L, nodeIndex, e.v, e.vPath ?? e.path, 'LHS');
    const w = nodeRef(L, nodeIndex, e.w, e.wPath ?? e.path, 'LHS');
    const pair = `${v},${w}`;
    if (pairs.has(pair)) L.fail('graph/duplicate-id', e.path, `a second LHS edge ${e.v} -> ${e.w} (graphs are simple: one edge per ordered pair)`);
    pairs.add(pair);
    if (e.id !== undefined) {
      if (nodeIndex.has(e.id) || edgeIds.has(e.id)) L.fail('graph/duplicate-id', e.path, `duplicate edge id ${e.id}`);
      edgeIds.set(e.id, e);
    }
    return { v, w, query: compileQuery(e.label, e.labelPath, L.reporter()), id: e.id };
  });
  for (const e of edges) L.noteRead('edge', e.query.literal);
  const nbrs = lhs.nodes.map(() => new Set<number>());
  for (const e of edges) {
    nbrs[e.v]?.add(e.w);
    nbrs[e.w]?.add(e.v);
  }
  const nodes: PatternNode[] = lhs.nodes.map((n, i) => ({
    id: n.id,
    query: compileQuery(n.label, n.labelPath, L.reporter()),
    strict: n.strict,
    neighbors: (nbrs[i] as Set<number>).size,
  }));
  for (const n of nodes) L.noteRead('node', n.query.literal);
  return { nodes, edges, nodeIndex, edgeIds };
}

/** The RHS: a label (node a), a chain of labels (nodes 0, 1, 2, ...) or {node, edge}; {edge} alone keeps the LHS nodes. */
function readRhs(L: Loader, rhs: unknown, rhsPath: JsonPath, lhsNodes: readonly NodeSpec[]): SideSpec {
  const rhsId = (n: number) => String(n);
  // A string RHS is one node with graphgram's id `a` (a string LHS/RHS expands to {node: [{id: 'a'}]}).
  if (typeof rhs === 'string') return { nodes: [spec('a', rhs, rhsPath)], edges: [], link: true };
  if (Array.isArray(rhs) && rhs.every((x) => typeof x === 'string')) {
    if (rhs.length === 0) L.fail('graph/bad-grammar', rhsPath, 'a RHS chain needs at least one label');
    return {
      nodes: rhs.map((label, n) => spec(rhsId(n), label, [...rhsPath, n])),
      edges: rhs.slice(1).map((_, n) => edgeSpec(rhsId(n), rhsId(n + 1), [...rhsPath, n + 1])),
      link: true,
    };
  }
  if (isObj(rhs)) {
    L.keys(rhs, ['node', 'edge'], rhsPath, 'a RHS');
    let nodes: NodeSpec[];
    if (rhs.node === undefined) {
      nodes = lhsNodes.map((n) => ({ ...n, hasLabel: false, label: undefined, strict: false, path: rhsPath, labelPath: rhsPath }));
    } else {
      if (!Array.isArray(rhs.node)) L.fail('graph/bad-grammar', [...rhsPath, 'node'], '"node" must be an array');
      nodes = rhs.node.map((n, i) => nodeSpec(L, n, [...rhsPath, 'node', i], rhsId(i), false));
    }
    return { nodes, edges: edgeSpecs(L, rhs.edge, [...rhsPath, 'edge'], false), link: false };
  }
  L.fail('graph/bad-grammar', rhsPath, 'a RHS is a label, an array of labels (a chain) or {node, edge}');
}

/** The RHS nodes compiled: ids unique, head and tail naming LHS nodes (each once); an LHS node without a label keeps (or updates) its own. */
function compileRhsNodes(L: Loader, rhsNodes: readonly NodeSpec[], lhsIndex: ReadonlyMap<string, number>, rep: Reporter, rhsPath: JsonPath): { compiled: RhsNode[]; ids: Set<string> } {
  const ids = new Set<string>();
  const heads = new Set<string>();
  const tails = new Set<string>();
  const headOrTail = new Map<string, string>();
  const compiled: RhsNode[] = rhsNodes.map((n) => {
    if (ids.has(n.id)) L.fail('graph/duplicate-id', n.path, `duplicate node id ${n.id}`);
    ids.add(n.id);
    for (const [list, seen, kind] of [
      [n.head, heads, 'head'],
      [n.tail, tails, 'tail'],
    ] as const) {
      for (const id of list) {
        if (!lhsIndex.has(id)) L.fail('graph/unknown-node', [...n.path, kind], `${kind} ${id} is no LHS node id${suggest(id, [...lhsIndex.keys()])}`);
        if (seen.has(id)) L.fail('graph/duplicate-id', [...n.path, kind], `${id} is ${kind} of more than one RHS node`);
        seen.add(id);
        if (id !== n.id) headOrTail.set(id, kind);
      }
    }
    let label: unknown = n.label;
    if (!n.hasLabel && lhsIndex.has(n.id)) label = n.update !== undefined ? { $assign: [{ $eval: `$${n.id}.label` }, n.update] } : { $eval: `$${n.id}.label` };
    const produces = !n.hasLabel && lhsIndex.has(n.id) && n.update === undefined ? 'copy' : typeof label === 'string' && !label.includes('${') ? label : undefined;
    if (produces !== undefined && produces !== 'copy') L.noteMade('node', produces, n.labelPath);
    return { id: n.id, label: compileExpr(label, n.labelPath, rep), head: n.head, tail: n.tail, produces };
  });
  for (const [id, kind] of headOrTail) {
    if (ids.has(id)) L.fail('graph/duplicate-id', rhsPath, `LHS node ${id} is ${kind} of a RHS node, but is also a RHS node id`);
  }
  return { compiled, ids };
}

/** The RHS edges compiled: both ends RHS nodes; an edge with an LHS edge's id keeps (or updates) its label and ends. */
function compileRhsEdges(L: Loader, rhsEdges: readonly EdgeSpec[], lhsEdgeIds: ReadonlyMap<string, EdgeSpec>, rhsIds: ReadonlySet<string>, rep: Reporter): RhsEdge[] {
  return rhsEdges.map((e) => {
    let { v, w } = e;
    let label = e.label;
    if (e.id !== undefined) {
      const lhsEdge = lhsEdgeIds.get(e.id);
      if (!lhsEdge) L.fail('graph/unknown-id', [...e.path, 'id'], `edge id ${e.id} is no LHS edge id${suggest(e.id, [...lhsEdgeIds.keys()])}`);
      if (!e.hasLabel) label = e.update !== undefined ? { $assign: [{ $eval: `$${e.id}.label` }, e.update] } : { $eval: `$${e.id}.label` };
      v ??= lhsEdge.v;
      w ??= lhsEdge.w;
    }
    if (v === undefined || !rhsIds.has(v)) L.fail('graph/unknown-node', e.vPath ?? e.path, `edge source ${v ?? '(missing)'} is no RHS node id${suggest(v ?? '', [...rhsIds])}; the RHS nodes are ${[...rhsIds].join(', ')}`);
    if (w === undefined || !rhsIds.has(w)) L.fail('graph/unknown-node', e.wPath ?? e.path, `edge target ${w ?? '(missing)'} is no RHS node id${suggest(w ?? '', [...rhsIds])}; the RHS nodes are ${[...rhsIds].join(', ')}`);
    L.noteMade('edge', label, e.labelPath);
    return { v, w, label: compileExpr(label, e.labelPath, rep) };
  });
}

function spec(id: string, label: unknown, path: JsonPath): NodeSpec {
  return { id, label, hasLabel: label !== undefined, update: undefined, strict: false, head: [], tail: [], path, labelPath: path };
}

function edgeSpec(v: string, w: string, path: JsonPath): EdgeSpec {
  return { v, w, label: undefined, hasLabel: false, update: undefined, id: undefined, path, labelPath: path };
}

function idList(L: Loader, x: unknown, path: JsonPath): string[] {
  if (x === undefined) return [];
  if (typeof x === 'string') return [x];
  if (Array.isArray(x) && x.every((i) => typeof i === 'string')) return x as string[];
  L.fail('graph/bad-grammar', path, 'head and tail take a node id or an array of node ids');
}

function nodeSpec(L: Loader, n: unknown, path: JsonPath, defaultId: string, lhs: boolean): NodeSpec {
  if (typeof n === 'string' || typeof n === 'number' || typeof n === 'boolean') return spec(defaultId, n, path);
  if (Array.isArray(n)) {
    if (n.length !== 2 || typeof n[0] !== 'string') L.fail('graph/bad-grammar', path, 'a node written as an array is [id, label]');
    return { ...spec(n[0], n[1], path), labelPath: [...path, 1] };
  }
  if (!isObj(n)) L.fail('graph/bad-grammar', path, 'a node is a label, [id, label] or an object');
  L.keys(n, lhs ? LHS_NODE_KEYS : RHS_NODE_KEYS, path, lhs ? 'a LHS node' : 'a RHS node');
  const id = n.id === undefined ? defaultId : n.id;
  if (typeof id !== 'string' || !IDENT.test(id)) L.fail('graph/bad-grammar', [...path, 'id'], `a node id is letters, digits and _, not ${JSON.stringify(id)}`);
  if (n.strict !== undefined && typeof n.strict !== 'boolean') L.fail('graph/bad-grammar', [...path, 'strict'], 'strict must be true or false');
  const hasLabel = n.label !== undefined;
  return {
    id,
    label: n.label,
    hasLabel,
    update: n.update,
    strict: n.strict === true,
    head: idList(L, n.head, [...path, 'head']),
    tail: idList(L, n.tail, [...path, 'tail']),
    path,
    labelPath: hasLabel ? [...path, 'label'] : n.update !== undefined ? [...path, 'update'] : path,
  };
}

function edgeSpecs(L: Loader, edges: unknown, path: JsonPath, lhs: boolean): EdgeSpec[] {
  if (edges === undefined) return [];
  if (!Array.isArray(edges)) L.fail('graph/bad-grammar', path, '"edge" must be an array');
  return edges.map((e, i) => {
    const p = [...path, i];
    if (typeof e === 'string' && !lhs) return { ...edgeSpec('', '', p), v: undefined, w: undefined, id: e };
    if (Array.isArray(e)) {
      if (e.length < 2 || e.length > (lhs ? 4 : 3)) L.fail('graph/bad-grammar', p, lhs ? 'an edge array is [v, w, label?, id?]' : 'an edge array is [v, w, label?]');
      if (e[3] !== undefined && typeof e[3] !== 'string') L.fail('graph/bad-grammar', [...p, 3], 'an edge id is a string');
      return {
        v: endpoint(L, e[0], [...p, 0]),
        w: endpoint(L, e[1], [...p, 1]),
        // [v, w, null, id]: an id with any label (JSON has no way to leave a middle element out)
        label: e[2] === null ? undefined : e[2],
        hasLabel: e[2] !== undefined && e[2] !== null,
        update: undefined,
        id: e[3] as string | undefined,
        path: p,
        labelPath: [...p, 2],
        vPath: [...p, 0],
        wPath: [...p, 1],
      };
    }
    if (!isObj(e)) L.fail('graph/bad-grammar', p, 'an edge is [v, w, label] or {v, w, label}');
    L.keys(e, lhs ? ['v', 'w', 'label', 'id'] : ['v', 'w', 'label', 'id', 'update'], p, lhs ? 'a LHS edge' : 'a RHS edge');
    if (e.id !== undefined && typeof e.id !== 'string') L.fail('graph/bad-grammar', [...p, 'id'], 'an edge id is a string');
    if (lhs && (e.v === undefined || e.w === undefined)) L.fail('graph/bad-grammar', p, 'a LHS edge needs v and w');
    if (!lhs && e.id === undefined && (e.v === undefined || e.w === undefined)) L.fail('graph/bad-grammar', p, 'a RHS edge needs v and w, or the id of a LHS edge');
    return {
      v: e.v === undefined ? undefined : endpoint(L, e.v, [...p, 'v']),
      w: e.w === undefined ? undefined : endpoint(L, e.w, [...p, 'w']),
      label: e.label,
      hasLabel: e.label !== undefined,
      update: e.update,
      id: e.id as string | undefined,
      path: p,
      labelPath: e.label !== undefined ? [...p, 'label'] : e.update !== undefined ? [...p, 'update'] : p,
      ...(e.v !== undefined ? { vPath: [...p, 'v'] } : {}),
      ...(e.w !== undefined ? { wPath: [...p, 'w'] } : {}),
    };
  });
}

function endpoint(L: Loader, x: unknown, path: JsonPath): string {
  if (typeof x === 'string' || typeof x === 'number') return String(x);
  L.fail('graph/bad-grammar', path, `an edge end is a node id or index, not ${JSON.stringify(x)}`);
}

function nodeRef(L: Loader, index: Map<string, number>, id: string | undefined, path: JsonPath, side: string): number {
  const i = id === undefined ? undefined : index.get(id);
  if (i === undefined) L.fail('graph/unknown-node', path, `${id ?? '(missing)'} is no ${side} node id${suggest(id ?? '', [...index.keys()])}; the ${side} nodes are ${[...index.keys()].join(', ')}`);
  return i;
}

/**
 * A rule's origin whose span is found when first read: in a large grammar
 * (parseLargeJson) a span costs a scan of the whole text, and one per rule at
 * load made loading quadratic (130,001 one-node rules ran past 60 s); only an
 * error or an explanation reads it.
 */
function lazyOrigin(path: string, find: () => Span): RuleOrigin {
  let span: Span | undefined;
  return {
    path,
    get span(): Span | undefined {
      return (span ??= find());
    },
  };
}
