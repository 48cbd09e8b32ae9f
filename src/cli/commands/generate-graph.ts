/**
 * `gramlog generate` on a graph grammar (a graphgram JSON grammar, or a .gdl
 * file declaring `(graphrule NAME WEIGHT)`): the graph style of the generate
 * command (generate.ts reads the options). Prints the graph as text, as one
 * JSON line `{"seed","nodes","edges","steps","violations"?}` per seed, as DOT,
 * or with --explain every rewrite. Further rule files given after a JSON
 * grammar hold `violation` rules over the final graph's facts.
 */
import { type CompileGraphOptions, compileGraphGrammar, graphViolationWarnings, explainGraph, formatGraphDot, formatGraphJson, formatGraphText, generateGraph, graphViolations, isGraphRuleText, isJsonText, readGraphInput, type GraphInput } from '../../generate/graph/index.js';
import { appendViolations } from '../../generate/violations.js';
import type { Program } from '../../program/program.js';
import { readSource } from '../command.js';
import { UsageError, type Io } from '../io.js';
import { printWarnings, withParams } from '../options.js';
import type { GenerateRequest, Renderer } from './generate.js';

/** Whether FILE (already read) is a graph grammar. */
export function isGraphGrammarFile(file: string, text: string): boolean {
  return file.endsWith('.json') || (file === '-' && isJsonText(text)) || isGraphRuleText(text);
}

export interface GraphRequest extends GenerateRequest {
  /** --graph FILE: the start graph. */
  graphFile: string | undefined;
  /** --max-facts, --max-work, --timeout (for a .gdl graph grammar's program). */
  engine?: CompileGraphOptions['engine'];
}

/** The graph style: compile the grammar once, then generate and print each seed. */
export function graphRenderer(io: Io, sources: Map<string, string>, file: string, rules: Program | undefined, request: GraphRequest): Renderer {
  if (request.choose.length > 0) throw new UsageError('gramlog generate: --choose forces a grammar\'s rule at a node path; a graph grammar has none (leave out --choose)');
  const text = sources.get(file) ?? readSource(io, sources, file);
  const grammar = withParams('generate', () => compileGraphGrammar(text, { file, params: request.params, ...(rules ? { rules } : {}), ...(request.engine ? { engine: request.engine } : {}) }));
  printWarnings(io, sources, graphViolationWarnings(grammar));
  let graph: GraphInput | undefined;
  if (request.graphFile !== undefined) graph = readGraphInput(readSource(io, sources, request.graphFile), request.graphFile);
  return (seed) => {
    const artifact = generateGraph(grammar, seed, { ...(graph ? { graph } : {}), explain: request.explain });
    const violations = graphViolations(artifact).facts;
    if (request.explain) return { text: appendViolations(explainGraph(artifact), violations), violations };
    switch (request.format) {
      case 'json':
        return { text: formatGraphJson(artifact, violations), violations };
      case 'dot':
        return { text: formatGraphDot(artifact, violations), violations };
      case 'text':
        return { text: appendViolations(formatGraphText(artifact), violations), violations };
    }
  };
}
