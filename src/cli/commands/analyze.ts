import type { LayerFinding } from '../../generate/layers/index.js';
import { applyParams } from '../../generate/params.js';
import { violationNeverFires } from '../../generate/violations.js';
import { boolOpt, intOpt } from '../args.js';
import { readSource, type Command } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, sourceName, UsageError } from '../io.js';
import { jsonLine, JSON_OPTION, loadRuleFiles, printWarnings, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, PARAM_HELP, PARAM_OPTION, readParams, withParams } from '../options.js';
import { analyzeBlueprints, isBlueprintFile } from './blueprints.js';

interface FindingJson {
  /** `layers/CHECK`: the same code generate uses for the same problem. */
  check: `layers/${LayerFinding['check']}`;
  severity: LayerFinding['severity'];
  layers: string[];
  message: string;
  line?: number;
  column?: number;
  /** For an incomplete layer: the outcome of the earlier layers, as (placed LAYER KEY) facts. */
  outcome?: string[];
}

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'static analysis of a layered generator (order, completeness, noninterference), a graph grammar or blueprints',
  options: {
    ...JSON_OPTION,
    ...PARAM_OPTION,
    ...MAX_FACTS_OPTION,
    'solver-atoms': { type: 'string' },
  },
  help: `usage: gramlog analyze FILE [--json] [--param KEY=VALUE]...
       gramlog analyze GRAPH-GRAMMAR [--json] [--param KEY=VALUE]...
       gramlog analyze FILE.bp... [--json]

Static analysis of a layer file (see "Sequential logic layers" in the README),
by queries over its rules:

  layers/forward   (error) a rule for a layer's site, allow, chance, sitechance
                   or group reads (placed OTHER ...) of a layer whose order is
                   not lower
  layers/cycle     (error) layers read each other (or a layer its own placed)
  layers/completeness (warning) some outcome of the earlier layers leaves a group
                   of a layer with (between NAME MIN MAX) fewer allowed sites
                   than MIN (or more chance-1 sites than MAX); the message
                   gives the outcome (as grids and as (placed LAYER KEY)
                   facts), how it was decided (enumeration of the earlier
                   sites the group reads, worst-case queries, or a SAT solver
                   over the grounded program), and an ordering of the layers
                   that is complete, if one exists. Both "complete" and
                   "not complete" are proofs; "could not decide" appears only
                   past the solver's budget (--solver-atoms)
  layers/noninterference (warning) a mask reads another layer only at keys that layer
                   never places: the test removes nothing and can be dropped

A graph grammar (a graphgram JSON grammar, or a .gdl file declaring
(graphrule NAME WEIGHT)) is listed by stage instead: each rule with its weight
and how its sites are found (local: incrementally around each rewrite; global:
over the whole graph each step, with the reason; static: reads no graph fact),
with the error graph/rule-never-applies (or graph/stage-never-applies) for a
rule that needs a label neither the start nor any rewrite makes. --json prints
{"file", "kind": "graph", "stages": [{"name", "matching", "rules": [{"name",
"weight", "locality", "why"?}]}], "findings"}.

A blueprint library (.bp files) is linted instead (see "Blueprints" in the
README): empty domain sets, unknown blueprints and mods, &source.KEY a target
may lack, bad pickOnChance weights, (rand LO HI) with LO > HI, mod properties
no target has, static type errors.

options:
      --json            print {"file", "findings": [{"check", "severity", "layers",
                        "message", "line", "column"}]}
  ${PARAM_HELP}
  ${MAX_FACTS_HELP}
      --solver-atoms N  largest grounded program the SAT solver takes on, in
                        ground atoms (default 200000); past it completeness may
                        be reported as undecided
  -h, --help            this text

exit codes: 0 no errors (warnings allowed), 1 a forward reference or cycle, or
            an invalid file, 2 usage error or unreadable file

examples:
  gramlog analyze rules/building-incomplete.gdl
  gramlog analyze rules/map.gdl            # proved incomplete: the all-water map
  gramlog analyze rules/mission.gdl        # which graph rules are global, and why
  gramlog analyze rules/items.bp
`,
  async run(args, io, sources) {
    if (args.positionals.length > 0 && args.positionals.every(isBlueprintFile)) return analyzeBlueprints(io, sources, args.positionals, boolOpt(args, 'json'));
    if (args.positionals.length !== 1) throw new UsageError('gramlog analyze: give exactly one layer FILE');
    const path = args.positionals[0] as string;
    const file = sourceName(path);
    const params = readParams(args, 'analyze');
    const text = readSource(io, sources, path);
    const { isGraphGrammarFile } = await import('./generate-graph.js');
    if (isGraphGrammarFile(path, text)) {
      const { analyzeGraphGrammar } = await import('./analyze-graph.js');
      return analyzeGraphGrammar(io, sources, file, text, params, boolOpt(args, 'json'));
    }
    const engine = readEngineOptions(args, 'analyze');
    const loaded = loadRuleFiles(io, sources, [path], engine);
    const program = withParams('analyze', () => applyParams(loaded, params));
    printWarnings(io, sources, violationNeverFires(program, { placed: 2 }));
    const solverAtoms = intOpt(args, 'analyze', 'solver-atoms', 200_000, 1);
    // loaded here, not at start-up: the SAT solver takes a moment to load, and only analyze needs it
    const { analyzeLayers } = await import('../../generate/layers/analyze.js');
    const analysis = analyzeLayers(program, { solverAtoms });
    const errors = analysis.findings.filter((f) => f.severity === 'error').length;
    if (boolOpt(args, 'json')) {
      const findings: FindingJson[] = analysis.findings.map((f) => ({
        check: `layers/${f.check}`,
        severity: f.severity,
        layers: f.layers,
        message: f.message,
        ...(f.span ? { line: f.span.line, column: f.span.column } : {}),
        ...(f.outcome ? { outcome: f.outcome.facts } : {}),
      }));
      io.out(jsonLine({ file, findings }));
    } else {
      io.out(`${file}: layers ${analysis.layers.map((l) => `${l.name} ${l.order}`).join(', ')}\n`);
      for (const f of analysis.findings) {
        const d = { code: `layers/${f.check}`, severity: f.severity, message: f.message, ...(f.span ? { span: f.span } : {}) };
        io.out(formatDiagnostic(d, f.span ? sources.get(f.span.file) : undefined) + '\n');
        if (f.outcome) io.out(f.outcome.lines.join('\n') + '\n');
      }
      for (const n of analysis.notes) io.out(`note: ${n}\n`);
      const warnings = analysis.findings.length - errors;
      io.out(
        analysis.findings.length === 0
          ? 'no findings\n'
          : `${errors} error(s), ${warnings} warning(s)\n`,
      );
    }
    return errors > 0 ? EXIT.findings : EXIT.ok;
  },
};
