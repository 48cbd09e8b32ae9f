/**
 * compileGraphGrammar(text, {file}): a graphgram JSON grammar (text starting
 * with `{`) or a .gdl graph grammar (rule text declaring `(graphrule ...)`),
 * compiled once into an immutable GraphGrammar. Start graphs in graphlib's
 * JSON are read by readGraphInput.
 */
import { GramlogError } from '../../errors.js';
import type { Program, ProgramOptions } from '../../program/program.js';
import type { Params } from '../params.js';
import { compileJsonGrammar } from './compile-json.js';
import { graphFacts } from './facts.js';
import { parseJson, pathText } from '../../syntax/json.js';
import { compileLogicGrammar } from './logic.js';
import type { GraphEdge, GraphGrammar, GraphInput, GraphNode } from './types.js';

export interface CompileGraphOptions {
  file?: string;
  /** Extra rules (e.g. `violation` rules of a separate file) evaluated over the final graph. */
  rules?: Program;
  /** Stop with graph/step-limit after this many rewrites (default 50,000). */
  maxSteps?: number;
  /** .gdl grammars: replace (param KEY VALUE) facts (as `--param KEY=VALUE`). */
  params?: Params;
  /** .gdl grammars: the engine's budgets for every evaluation of the grammar's program (maxFacts, maxWork, deadline). */
  engine?: Pick<ProgramOptions, 'maxFacts' | 'maxWork' | 'deadline'>;
}

/** Whether text is a JSON grammar (as opposed to rule text). */
export function isJsonText(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

export function compileGraphGrammar(text: string, options: CompileGraphOptions = {}): GraphGrammar {
  const file = options.file ?? '<input>';
  const json = isJsonText(text);
  const keys = Object.keys(options.params ?? {});
  if (json && keys.length > 0) {
    throw new GramlogError('generate/unknown-param', `--param ${keys[0] as string}: a JSON graph grammar has no (param ...) facts`);
  }
  const grammar = json ? compileJsonGrammar(text, file, options.rules?.statements) : compileLogicGrammar(text, file, options.params, options.engine);
  const extra: Partial<{ -readonly [K in keyof GraphGrammar]: GraphGrammar[K] }> = {};
  if (options.rules) {
    if (grammar.logic) throw new GramlogError('graph/two-rule-sources', `${file} is a .gdl graph grammar: write its violation rules in it, not in a second file`);
    graphFacts(options.rules, [], []);
    extra.program = options.rules;
  }
  if (options.maxSteps !== undefined) extra.maxSteps = options.maxSteps;
  const withParams = (params: Params): GraphGrammar => compileGraphGrammar(text, { ...options, params: { ...(options.params ?? {}), ...params } });
  return Object.freeze({ ...grammar, ...extra, withParams });
}

/** A start graph in graphlib's JSON ({nodes: [{v, value}], edges: [{v, w, value}]}), located errors. */
export function readGraphInput(text: string, file: string): GraphInput {
  const doc = parseJson(text, file);
  const fail = (path: Array<string | number>, message: string): never => {
    throw new GramlogError('graph/bad-graph', `${pathText(path)}: ${message}`, doc.spanAt(path));
  };
  const g = doc.value as Record<string, unknown>;
  if (typeof g !== 'object' || g === null || Array.isArray(g)) fail([], "a graph is graphlib's JSON: {\"nodes\": [{\"v\", \"value\"}], \"edges\": [{\"v\", \"w\", \"value\"}]}");
  for (const k of Object.keys(g)) {
    if (!['options', 'nodes', 'edges', 'value'].includes(k)) fail([k], `a graphlib JSON graph has the keys options, nodes, edges and value, not "${k}" (is this a grammar? give it as FILE, and the start graph with --graph)`);
  }
  if (g.nodes === undefined) fail([], 'a graphlib JSON graph needs "nodes": [{"v": ID, "value": LABEL}]');
  const nodesJson = g.nodes;
  const edgesJson = g.edges ?? [];
  if (!Array.isArray(nodesJson)) fail(['nodes'], 'nodes must be an array');
  if (!Array.isArray(edgesJson)) fail(['edges'], 'edges must be an array');
  const ids = new Set<string>();
  const nodes: GraphNode[] = (nodesJson as unknown[]).map((n, i) => {
    const o = n as Record<string, unknown>;
    if (typeof o !== 'object' || o === null || typeof o.v !== 'string') fail(['nodes', i], 'a node is {"v": ID, "value": LABEL}');
    if (ids.has(o.v as string)) fail(['nodes', i, 'v'], `duplicate node id ${String(o.v)}`);
    ids.add(o.v as string);
    return { id: o.v as string, label: o.value };
  });
  const edges: GraphEdge[] = (edgesJson as unknown[]).map((e, i) => {
    const o = e as Record<string, unknown>;
    if (typeof o !== 'object' || o === null || typeof o.v !== 'string' || typeof o.w !== 'string') fail(['edges', i], 'an edge is {"v": ID, "w": ID, "value": LABEL}');
    for (const k of ['v', 'w'] as const) if (!ids.has(o[k] as string)) fail(['edges', i, k], `unknown node ${String(o[k])}`);
    return { v: o.v as string, w: o.w as string, label: o.value };
  });
  return { nodes, edges };
}
