/**
 * The tree-grammar style (rule files with `(start S)` and `(rule NT RULE W)`)
 * behind the one Style contract (../style.ts): compile with located findings,
 * generate a tree from a seed, its formats (text, JSON, DOT), explain, and
 * analyze (./analyze.ts).
 */
import { appendViolations } from '../violations.js';
import { loadSources } from '../style-load.js';
import { compileGrammarProgram } from './compile-findings.js';
import type { FormatName, Style, StyleSource } from '../style.js';
import type { Artifact } from './artifact.js';
import { parseChoices } from './choices.js';
import { artifactViolations } from './facts.js';
import { formatDot } from './format-dot.js';
import { formatJson } from './format-json.js';
import { formatText } from './format-text.js';
import { artifactTreeSvg } from './svg.js';
import type { Grammar } from './grammar.js';
import { explain, generateFrom } from './generate.js';
import { GRAMMAR_SCHEMA } from './schema.js';
import type { Diagnostic } from '../../errors.js';
import { grammarCheck } from './check-artifact.js';
import { drawSeed } from '../satisfy/draws.js';
import { grammarSatisfy } from './satisfy.js';
import { grammarPanel } from './playground.js';

export const grammarStyle: Style<Grammar, Artifact> = {
  name: 'grammar',
  title: 'tree grammar',
  schema: GRAMMAR_SCHEMA,
  formats: ['text', 'json', 'dot', 'svg'],
  extraFiles: 'rules',
  accepts: { choose: 'PATH=RULE', transform: true },
  recogniseProgram: (program) => program.relationsNamed('rule').length > 0 || program.relationsNamed('start').length > 0,
  compile(sources: readonly StyleSource[], options = {}) {
    const loaded = loadSources(sources, options, GRAMMAR_SCHEMA);
    if (!loaded.program) return { style: 'grammar', grammar: undefined, diagnostics: loaded.diagnostics };
    const program = loaded.program;
    const c = compileGrammarProgram(program, options.params);
    // a game is the file kind most often given here by mistake: say which command takes it
    const game = program.findRelation('role', 1) !== undefined;
    const hint = (d: Diagnostic): Diagnostic =>
      game && d.code === 'generate/no-start' ? { ...d, message: `${d.message} (it has role facts: a GDL game, which gramlog validate checks)` } : d;
    return { style: 'grammar', grammar: c.grammar, program, diagnostics: [...loaded.diagnostics, ...c.diagnostics.map(hint)] };
  },
  generate(grammar, seed, options = {}) {
    const choose = options.choose && options.choose.length > 0 ? parseChoices(options.choose) : undefined;
    const artifact = generateFrom(grammar, drawSeed(seed, options.redraw), { ...(options.explain ? { explain: true } : {}), ...(choose && choose.size > 0 ? { choose } : {}) });
    if (options.redraw) artifact.seed = seed;
    return artifact;
  },
  violations: artifactViolations,
  format(artifact, format: FormatName, violations) {
    switch (format) {
      case 'json':
        return formatJson(artifact, violations) + '\n';
      case 'dot':
        return formatDot(artifact, violations.facts);
      case 'svg':
        return artifactTreeSvg(artifact, violations.facts);
      default:
        return formatText(artifact, violations);
    }
  },
  explain: (artifact, violations) => appendViolations(explain(artifact), violations),
  size: (artifact) => artifact.nodeCount,
  analyze: async (sources, options = {}) => (await import('./analyze.js')).analyzeGrammar(sources, options),
  checkSource: (compiled) => compiled.program ?? compiled.grammar?.source,
  check: grammarCheck,
  satisfy: grammarSatisfy,
  playground: { panel: grammarPanel },
};
