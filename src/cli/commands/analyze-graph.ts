/**
 * `gramlog analyze` on a graph grammar (a graphgram JSON grammar, or a .gdl
 * file declaring `(graphrule NAME WEIGHT)`): its stages and rules, how each
 * stage's sites are found (.gdl: incrementally when every rule is local,
 * over the whole graph each step when one is global, and why), and the
 * findings: a rule or stage that can never apply from the start label.
 * Errors in the grammar itself are thrown as for generate.
 *
 *   rules/rooms.gdl: graph grammar, 2 rules in 1 stage
 *   stage 0: matched incrementally
 *     dig (weight 3): local
 *     lock (weight 1): local
 *   no findings
 */
import { compileGraphGrammar, graphRuleLocality } from '../../generate/graph/index.js';
import type { GraphGrammar } from '../../generate/graph/types.js';
import type { Params } from '../../generate/params.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, type Io } from '../io.js';
import { jsonLine, withParams } from '../options.js';

interface RuleJson {
  name: string;
  weight: number;
  /** .gdl rules: static (reads no graph fact), local (matched incrementally) or global; JSON rules: local. */
  locality: 'static' | 'local' | 'global';
  why?: string;
}

function rulesOf(grammar: GraphGrammar): RuleJson[][] {
  const kinds = graphRuleLocality(grammar);
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

export function analyzeGraphGrammar(io: Io, sources: Map<string, string>, file: string, text: string, params: Params, json: boolean): number {
  const grammar = withParams('analyze', () => compileGraphGrammar(text, { file, params }));
  const stages = rulesOf(grammar);
  const finding = grammar.unreachable;
  const findings = finding
    ? [{ check: finding.code, severity: 'error', message: finding.message, ...(finding.span ? { line: finding.span.line, column: finding.span.column } : {}) }]
    : [];
  const matching = (rules: RuleJson[]) => (rules.some((r) => r.locality === 'global') ? 'whole graph' : 'incremental');
  if (json) {
    io.out(jsonLine({
      file,
      kind: 'graph',
      stages: grammar.stages.map((s, i) => ({ name: s.name, matching: matching(stages[i] as RuleJson[]), rules: stages[i] })),
      findings,
    }));
  } else {
    const count = stages.reduce((n, s) => n + s.length, 0);
    io.out(`${file}: graph grammar${grammar.logic ? ' (.gdl rules)' : ' (JSON)'}, ${count} rule${count === 1 ? '' : 's'} in ${stages.length} stage${stages.length === 1 ? '' : 's'}\n`);
    grammar.stages.forEach((s, i) => {
      const rules = stages[i] as RuleJson[];
      io.out(`${s.name}: ${matching(rules) === 'incremental' ? 'matched incrementally' : 'matched over the whole graph each step (a rule is global)'}\n`);
      for (const r of rules) io.out(`  ${r.name} (weight ${r.weight}): ${r.locality}${r.why ? `: ${r.why}` : ''}\n`);
    });
    if (finding) io.out(formatDiagnostic({ code: finding.code, severity: 'error', message: finding.message, ...(finding.span ? { span: finding.span } : {}) }, finding.span ? sources.get(finding.span.file) : undefined) + '\n');
    io.out(finding ? '1 error(s), 0 warning(s)\n' : 'no findings\n');
  }
  return finding ? EXIT.findings : EXIT.ok;
}
