/**
 * `gramlog check` on a graph grammar: FILE is a graphgram JSON grammar or a
 * .gdl graph grammar; rule files after a JSON grammar hold its `violation`
 * rules. The check runs over seeds (graph grammars have no params).
 */
import { sourceName } from '../io.js';
import { compileGraphGrammar, type GraphGrammar } from '../../generate/graph/index.js';
import { replayArgs, type Counterexample } from '../../check/replay.js';
import { readSource } from '../command.js';
import type { Io } from '../io.js';
import { loadRuleFiles } from '../options.js';
import { isGraphGrammarFile } from './generate-graph.js';

export interface GraphCheckSource {
  grammar: GraphGrammar;
  /** The `gramlog generate` command that replays a counterexample. */
  replay(cx: Counterexample, quote: (word: string) => string): string;
}

/** The compiled graph grammar when FILE is one, else undefined. */
export function checkGraphSource(io: Io, sources: Map<string, string>, file: string, rules: readonly string[]): GraphCheckSource | undefined {
  const text = readSource(io, sources, file);
  if (!isGraphGrammarFile(file, text)) return undefined;
  const program = rules.length > 0 ? loadRuleFiles(io, sources, rules) : undefined;
  const grammar = compileGraphGrammar(text, { file: sourceName(file), ...(program ? { rules: program } : {}) });
  return {
    grammar,
    replay: (cx, quote) => ['gramlog', 'generate', file, ...rules, ...replayArgs(cx)].map(quote).join(' '),
  };
}
