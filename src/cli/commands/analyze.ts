/**
 * `gramlog analyze FILE [RULES...]`: static analysis of a generator of any
 * style (the registry, src/generate/styles.ts): a tree grammar's rules that
 * never fire and termination, a layer file's order, completeness and
 * noninterference, a graph grammar's stages and rule locality, a blueprint
 * library's lint. Each style returns the same shape (src/generate/style.ts,
 * Analysis), printed here as text or one JSON line.
 */
import { recogniseStyle } from '../../generate/styles.js';
import { isParamError } from '../../generate/params.js';
import { boolOpt, intOpt } from '../args.js';
import type { Command } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, UsageError } from '../io.js';
import { withFormat, type JsonKind } from '../../json/formats.js';
import { jsonLine, JSON_OPTION, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, PARAM_HELP, PARAM_OPTION, readParams } from '../options.js';
import { readStyleSources, reportCompile } from '../style-files.js';
import { constraintFindings } from '../../generate/satisfy/analyze.js';
import { placeOf, type Analysis } from '../../generate/style.js';
import type { Diagnostic } from '../../errors.js';

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'static analysis of a generator: a tree grammar, a layered generator (order, completeness, noninterference), a graph grammar or blueprints',
  options: {
    ...JSON_OPTION,
    ...PARAM_OPTION,
    ...MAX_FACTS_OPTION,
    'solver-atoms': { type: 'string' },
  },
  help: `usage: gramlog analyze FILE [RULES...] [--json] [--param KEY=VALUE]...
       gramlog analyze FILE.bp... [--json]

Static analysis of a generator of any style, in one shape: a header, the
findings (file:line:col: severity[code]: message, the source line and a
caret), notes, and a count; --json prints one line {"format", "file",
"findings", ...} (schemas/analyze-STYLE.schema.json).

A tree grammar (a rule file with (start S) and (rule NT RULE WEIGHT)):
  generate/unreachable (warning) a nonterminal no rule reaches from the start
  grammar/rule-never-fires (warning) a rule that can never be chosen: a
                   pre-selector forbids it at every node of its nonterminal
                   (forbid, or forbidexcept / force of another rule, with a
                   body that reads only (symbol ?n NT) and (depth ?n ?d)), or
                   its weight is 0 and nothing raises it; and no force names it
  grammar/no-termination (error) the smallest tree the start symbol can grow
                   is deeper than (maxdepth D), or infinite: every seed fails
  grammar/other-nonterminal (warning) a pre-selector restricted to nodes of
                   one nonterminal ((symbol ?n NT)) names a rule of another
--json prints {"format", "file", "kind": "grammar", "start", "maxdepth",
"nonterminals": [{"name", "rules", "height"}], "findings"}.

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
{"format", "file", "kind": "graph", "stages": [{"name", "matching", "rules": [{"name",
"weight", "locality", "why"?}]}], "findings"}.

A blueprint library (.bp files) is linted instead (see "Blueprints" in the
README): empty domain sets, unknown blueprints and mods, &source.KEY a target
may lack, bad pickOnChance weights, (rand LO HI) with LO > HI, mod properties
no target has, static type errors.

options:
      --json            print {"format", "file", "findings": [{"check", "severity", "layers",
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
  gramlog analyze rules/tree.gdl           # a tree grammar: each nonterminal's smallest subtree
  gramlog analyze rules/map.gdl            # proved incomplete: the all-water map
  gramlog analyze rules/mission.gdl        # which graph rules are global, and why
  gramlog analyze rules/items.bp
`,
  async run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog analyze: give a generator FILE');
    const params = readParams(args, 'analyze');
    const engine = readEngineOptions(args, 'analyze');
    const solverAtoms = intOpt(args, 'analyze', 'solver-atoms', 200_000, 1);
    const files = readStyleSources(io, sources, args.positionals);
    const { style } = recogniseStyle(files, engine);
    if (style.accepts.entry && Object.keys(params).length > 0) throw new UsageError(`gramlog analyze: --param does not apply to a ${style.title}`);
    let result;
    try {
      result = await style.analyze(files, { params, solverAtoms, ...engine });
    } catch (e) {
      if (isParamError(e)) throw new UsageError(`gramlog analyze: ${e.message}`);
      throw e;
    }
    reportCompile(io, sources, result.diagnostics);
    const analysis = result.analysis && withConstraintFindings(result.analysis, constraintFindings(style, files, { params, ...engine }));
    if (!analysis) return EXIT.findings;
    const errors = analysis.findings.filter((f) => f.severity === 'error').length;
    if (boolOpt(args, 'json')) {
      io.out(jsonLine(withFormat(ANALYZE_FORMAT[style.name] ?? 'analyze-layers', analysis.json)));
    } else {
      for (const line of analysis.header) io.out(line + '\n');
      for (const f of analysis.findings) {
        const { detail, ...d } = f;
        io.out(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n');
        if (detail) io.out(detail.join('\n') + '\n');
      }
      for (const n of analysis.notes) io.out(`note: ${n}\n`);
      const warnings = analysis.findings.length - errors;
      io.out(analysis.findings.length === 0 ? 'no findings\n' : `${errors} error(s), ${warnings} warning(s)\n`);
    }
    return errors > 0 ? EXIT.findings : EXIT.ok;
  },
};

/** The analysis with the findings about its violation rules (src/generate/satisfy/analyze.ts) after its own. */
function withConstraintFindings(analysis: Analysis, extra: readonly Diagnostic[]): Analysis {
  if (extra.length === 0) return analysis;
  const json = extra.map((d) => ({ check: d.code, severity: d.severity, message: d.message, ...placeOf(d.span) }));
  return { ...analysis, findings: [...analysis.findings, ...extra], json: { ...analysis.json, findings: [...analysis.json.findings, ...json] } };
}

/** The `--json` kind of each style's analysis (their shapes differ: one schema each). */
export const ANALYZE_FORMAT: Readonly<Record<string, JsonKind>> = {
  grammar: 'analyze-grammar',
  layers: 'analyze-layers',
  graph: 'analyze-graph',
  blueprints: 'analyze-blueprints',
};
