/**
 * The graph grammar's part of `gramlog check` (Style.check, ../style.ts): what
 * check runs on is a compiled GraphGrammar (Style.checkSource); its
 * violations are the grammar's rules over the final graph's facts, its size
 * the graph's nodes. A graph has no forced choices: it is replayed, and
 * shrunk, by its seed (and params) alone.
 */
import { GramlogError } from '../../errors.js';
import type { Model } from '../../engine/model.js';
import { buildProgram } from '../../program/program.js';
import type { Params } from '../params.js';
import type { StyleCheck } from '../style.js';
import { NO_VIOLATIONS } from '../violations.js';
import { graphArtifactModel, graphViolations } from './artifact.js';
import { formatGraphText, graphJson } from './format.js';
import { generateGraph, type GraphArtifact } from './generate.js';
import type { GraphGrammar, GraphInput } from './types.js';

interface Prepared {
  grammar: GraphGrammar;
  start: GraphInput | undefined;
}

export const graphCheck: StyleCheck<GraphGrammar, Prepared, GraphArtifact> = {
  owns: (source) => typeof source === 'object' && source !== null && (source as GraphGrammar).kind === 'graph',
  // the grammar's rules (an empty program when none)
  program: (grammar) => grammar.program ?? buildProgram([]),
  prepare: (grammar, params, start) => ({
    grammar: Object.keys(params).length === 0 ? grammar : grammar.withParams ? grammar.withParams(params) : noParams(params),
    start: start as GraphInput | undefined,
  }),
  generate({ grammar, start }, seed) {
    const artifact = generateGraph(grammar, seed, start ? { graph: start } : {});
    const violations = grammar.program ? graphViolations(artifact) : NO_VIOLATIONS;
    let model: Model | undefined;
    return {
      artifact,
      violations,
      // a graph is replayed by its seed (and params) alone: no forced choices
      choose: {},
      size: artifact.nodes.length,
      summary: () => graphJson(artifact, violations),
      model: () =>
        (model ??=
          graphArtifactModel(artifact) ??
          (() => {
            throw new GramlogError('check/no-rules', 'this graph grammar has no rules to query: give a rule file');
          })()),
    };
  },
  text: (artifact) => formatGraphText(artifact),
  unit: 'nodes',
};

function noParams(params: Params): never {
  throw new GramlogError('generate/unknown-param', `--param ${Object.keys(params)[0] as string}: this graph grammar has no (param ...) facts`);
}
