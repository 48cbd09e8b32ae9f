/**
 * The graph-grammar style (a graphgram JSON grammar, or a .gdl file declaring
 * `(graphrule NAME WEIGHT)`) behind the one Style contract (../style.ts).
 * Files after a JSON grammar are rule files with its `violation` rules over
 * the final graph's facts.
 */
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { findings, loadSources } from '../style-load.js';
import { engineOptions, placeOf, type Style, type StyleSource } from '../style.js';
import { appendViolations } from '../violations.js';
import { graphViolations, graphViolationWarnings } from './artifact.js';
import { compileGraphGrammar, isJsonText, readGraphInput } from './compile.js';
import { explainGraph } from './explain.js';
import { formatGraphDot, formatGraphJson, formatGraphText } from './format.js';
import { graphSvg } from './graph-svg.js';
import { formatGraphml } from './graphml.js';
import { formatGraphlib } from './graphlib.js';
import { generateGraph, type GraphArtifact } from './generate.js';
import { ruleLocality } from './incremental.js';
import { isGraphRuleText } from './logic.js';
import { GRAPH_SCHEMA } from './schema.js';
import type { GraphGrammar, GraphInput } from './types.js';
import { graphCheck } from './check-artifact.js';
import { drawSeed } from '../satisfy/draws.js';
import { graphChoices, graphSatisfy, graphWith } from './satisfy.js';
import { drawControl } from '../satisfy/controlled.js';
import { graphEditor } from './editor-json.js';
import { graphPanel } from './playground.js';

/** A compiled graph grammar with the start graph it runs from (undefined: one node labelled with the grammar's start). */
export interface GraphStyleGrammar {
  grammar: GraphGrammar;
  start: GraphInput | undefined;
}

interface RuleJson {
  name: string;
  weight: number;
  /** .gdl rules: static (reads no graph fact), local (matched incrementally) or global; JSON rules: local. */
  locality: 'static' | 'local' | 'global';
  why?: string;
}

function rulesOf(grammar: GraphGrammar): RuleJson[][] {
  const kinds = ruleLocality(grammar);
  let k = 0;
  return grammar.stages.map((stage) =>
    stage.rules.map((rule) => {
      const l = grammar.logic ? kinds[k++]?.locality : undefined;
      const out: RuleJson = { name: rule.name, weight: rule.weight, locality: l?.kind ?? 'local' };
      if (l?.kind === 'global') out.why = l.why;
      return out;
    }),
  );
}

/** The grammar of the first source, with the rule files after it: findings as values. */
function compileAll(sources: readonly StyleSource[], options: { params?: Record<string, string>; maxFacts?: number; maxWork?: number; deadline?: number; keepParams?: boolean }): { grammar: GraphGrammar | undefined; diagnostics: Diagnostic[] } {
  const [first, ...rest] = sources;
  if (!first) return { grammar: undefined, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  let rules: Program | undefined;
  if (rest.length > 0) {
    const loaded = loadSources(rest, engineOptions(options));
    diagnostics.push(...loaded.diagnostics);
    if (!loaded.program) return { grammar: undefined, diagnostics };
    rules = loaded.program;
  }
  const c = findings(() => compileGraphGrammar(first.text, { file: first.file, ...(options.params ? { params: options.params } : {}), ...(rules ? { rules } : {}), engine: engineOptions(options) }));
  return { grammar: c.value, diagnostics: [...diagnostics, ...c.diagnostics] };
}

export const graphStyle: Style<GraphStyleGrammar, GraphArtifact> = {
  name: 'graph',
  title: 'graph grammar',
  schema: GRAPH_SCHEMA,
  formats: ['text', 'json', 'dot', 'svg', 'graphml', 'graphlib'],
  extraFiles: 'rules',
  accepts: { start: true, choose: 'stageI#N=INDEX' },
  recognise: ({ file, text }) => /\.json$/i.test(file) || isJsonText(text) || isGraphRuleText(text),
  compile(sources, options = {}) {
    const c = compileAll(sources, options);
    if (!c.grammar) return { style: 'graph', grammar: undefined, diagnostics: c.diagnostics };
    const grammar = c.grammar;
    const diagnostics = [...c.diagnostics, ...graphViolationWarnings(grammar)];
    const startSource = options.start;
    let start: GraphInput | undefined;
    if (startSource) {
      const s = findings(() => readGraphInput(startSource.text, startSource.file), true);
      if (!s.value) return { style: 'graph', grammar: undefined, diagnostics: [...diagnostics, ...s.diagnostics] };
      start = s.value;
    }
    return { style: 'graph', grammar: { grammar, start }, diagnostics };
  },
  generate(g, seed, options = {}) {
    const control = drawControl('graph/choose', options.choose && options.choose.length > 0 ? graphChoices(options.choose) : new Map());
    const artifact = graphWith(g, drawSeed(seed, options.redraw), options.explain === true, control);
    return options.redraw ? { ...artifact, seed } : artifact;
  },
  violations: graphViolations,
  format(artifact, format, violations) {
    switch (format) {
      case 'json':
        return formatGraphJson(artifact, violations);
      case 'dot':
        return formatGraphDot(artifact, violations.facts);
      case 'svg':
        return graphSvg(artifact, violations.facts);
      case 'graphml':
        return formatGraphml(artifact, violations.facts);
      case 'graphlib':
        return formatGraphlib(artifact);
      default:
        return appendViolations(formatGraphText(artifact), violations);
    }
  },
  // SVG of graphs needs Graphviz's WebAssembly (./svg.ts), about half a second to load
  async prepareFormat(format) {
    if (format === 'svg') await (await import('./svg.js')).loadGraphviz();
  },
  explain: (artifact, violations) => appendViolations(explainGraph(artifact), violations),
  size: (artifact) => artifact.nodes.length,
  budgets: ['graph/step-limit', 'graph/site-budget'],
  async analyze(sources, options = {}) {
    const c = compileAll(sources, options);
    if (!c.grammar) return { diagnostics: c.diagnostics, analysis: undefined };
    const grammar = c.grammar;
    const file = sources.map((s) => s.file).join(' ');
    const stages = rulesOf(grammar);
    const finding = grammar.unreachable;
    const found = finding ? [{ code: finding.code, severity: 'error' as const, message: finding.message, ...(finding.span ? { span: finding.span } : {}) }] : [];
    const matching = (rules: RuleJson[]) => (rules.some((r) => r.locality === 'global') ? 'whole graph' : 'incremental');
    const count = stages.reduce((n, s) => n + s.length, 0);
    const header = [`${file}: graph grammar${grammar.logic ? ' (.gdl rules)' : ' (JSON)'}, ${count} rule${count === 1 ? '' : 's'} in ${stages.length} stage${stages.length === 1 ? '' : 's'}`];
    grammar.stages.forEach((s, i) => {
      const rules = stages[i] as RuleJson[];
      header.push(`${s.name}: ${matching(rules) === 'incremental' ? 'matched incrementally' : 'matched over the whole graph each step (a rule is global)'}`);
      for (const r of rules) header.push(`  ${r.name} (weight ${r.weight}): ${r.locality}${r.why ? `: ${r.why}` : ''}`);
    });
    return {
      diagnostics: [...c.diagnostics, ...graphViolationWarnings(grammar)],
      analysis: {
        header,
        findings: found,
        notes: [],
        json: {
          file,
          kind: 'graph',
          stages: grammar.stages.map((s, i) => ({ name: s.name, matching: matching(stages[i] as RuleJson[]), rules: stages[i] })),
          findings: found.map((f) => ({ check: f.code, severity: f.severity, message: f.message, ...placeOf(f.span) })),
        },
      },
    };
  },
  checkSource: (compiled) => compiled.grammar?.grammar,
  check: graphCheck,
  satisfy: graphSatisfy,
  editor: graphEditor,
  playground: { panel: graphPanel },
};
