import type { LayerFinding } from '../../generate/layers/index.js';
import { applyParams } from '../../generate/params.js';
import { boolOpt, intOpt } from '../args.js';
import type { Command } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, UsageError } from '../io.js';
import { JSON_OPTION, loadRuleFiles, PARAM_HELP, PARAM_OPTION, readParams, withParams } from '../options.js';

interface FindingJson {
  check: LayerFinding['check'];
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
  summary: 'static analysis of a layered generator: order, completeness, noninterference',
  options: {
    ...JSON_OPTION,
    ...PARAM_OPTION,
    'solver-atoms': { type: 'string' },
  },
  help: `usage: gramlog analyze FILE [--json] [--param KEY=VALUE]...

Static analysis of a layer file (see "Sequential logic layers" in the README),
by queries over its rules:

  forward          (error) a rule for a layer's site, allow, chance, sitechance
                   or group reads (placed OTHER ...) of a layer whose order is
                   not lower
  cycle            (error) layers read each other (or a layer its own placed)
  completeness     (warning) some outcome of the earlier layers leaves a group
                   of a layer with (between NAME MIN MAX) fewer allowed sites
                   than MIN (or more chance-1 sites than MAX); the message
                   gives the outcome (as grids and as (placed LAYER KEY)
                   facts), how it was decided (enumeration of the earlier
                   sites the group reads, worst-case queries, or a SAT solver
                   over the grounded program), and an ordering of the layers
                   that is complete, if one exists. Both "complete" and
                   "not complete" are proofs; "could not decide" appears only
                   past the solver's budget (--solver-atoms)
  noninterference  (warning) a mask reads another layer only at keys that layer
                   never places: the test removes nothing and can be dropped

options:
      --json            print {"file", "findings": [{"check", "severity", "layers",
                        "message", "line", "column"}]}
  ${PARAM_HELP}
      --solver-atoms N  largest grounded program the SAT solver takes on, in
                        ground atoms (default 200000); past it completeness may
                        be reported as undecided
  -h, --help            this text

exit codes: 0 no errors (warnings allowed), 1 a forward reference or cycle, or
            an invalid file, 2 usage error or unreadable file

examples:
  gramlog analyze rules/building-incomplete.gdl
  gramlog analyze rules/map.gdl            # proved incomplete: the all-water map
`,
  async run(args, io, sources) {
    if (args.positionals.length !== 1) throw new UsageError('gramlog analyze: give exactly one layer FILE');
    const file = args.positionals[0] as string;
    const loaded = loadRuleFiles(io, sources, [file]);
    const params = readParams(args, 'analyze');
    const program = withParams('analyze', () => applyParams(loaded, params));
    const solverAtoms = intOpt(args, 'analyze', 'solver-atoms', 200_000, 1);
    // loaded here, not at start-up: the SAT solver takes a moment to load, and only analyze needs it
    const { analyzeLayers } = await import('../../generate/layers/analyze.js');
    const analysis = analyzeLayers(program, { solverAtoms });
    const errors = analysis.findings.filter((f) => f.severity === 'error').length;
    if (boolOpt(args, 'json')) {
      const findings: FindingJson[] = analysis.findings.map((f) => ({
        check: f.check,
        severity: f.severity,
        layers: f.layers,
        message: f.message,
        ...(f.span ? { line: f.span.line, column: f.span.column } : {}),
        ...(f.outcome ? { outcome: f.outcome.facts } : {}),
      }));
      io.out(JSON.stringify({ file, findings }, null, 2) + '\n');
    } else {
      io.out(`${file}: layers ${analysis.layers.map((l) => `${l.name} ${l.order}`).join(', ')}\n`);
      for (const f of analysis.findings) {
        const d = { code: f.check, severity: f.severity, message: f.message, ...(f.span ? { span: f.span } : {}) };
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
