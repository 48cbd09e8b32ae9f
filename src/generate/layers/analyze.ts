/**
 * `analyze`: the static checks of a layer program, as findings with spans.
 *
 *   forward, cycle     (errors) a layer reads a layer of equal or higher order
 *   completeness       (warning) some outcome of the earlier layers leaves a
 *                      group of a bounded layer with fewer allowed sites than
 *                      MIN; the message says how it was decided and suggests
 *                      an ordering of the layers that is complete, if one exists
 *   noninterference    (warning) a mask reads another layer only at keys that
 *                      layer never places (by the possibility model, or proved
 *                      by the SAT solver): it removes nothing
 *   violation-always   (warning) a violation rule that fires on every outcome
 *                      (constraint-check.ts, by the SAT solver; one that fires
 *                      on none is a note)
 *
 * Completeness and noninterference are checked only once the order is sound.
 */
import { message } from '../../wording.js';
import { GramlogError } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { checkConstraints } from './constraint-check.js';
import { checkCompleteness, type CompletenessOptions, type CompletenessVerdict } from './completeness.js';
import { sortFindings, type LayerFinding } from './findings.js';
import { checkNoninterference } from './noninterference.js';
import { formatOutcome } from './outcome.js';
import { inspectLayers } from './prepare.js';
import { placeableOracle } from './solver.js';
import { suggestReordering } from './reorder.js';
import { DEFAULT_ANALYSIS_WORK } from './search.js';
import type { LayerDecl } from './vocabulary.js';
import { pushAll } from '../../arrays.js';

export interface LayerAnalysis {
  /** Layers in generation order. */
  layers: LayerDecl[];
  findings: LayerFinding[];
  /** What was proved, and how (e.g. "layer stairs is sequentially complete: enumerated ..."). */
  notes: string[];
  completeness: CompletenessVerdict[];
}

export interface AnalyzeOptions extends CompletenessOptions {
  /** Try reorderings for a fix (default true). */
  suggest?: boolean;
}

export function analyzeLayers(program: Program, given: AnalyzeOptions = {}): LayerAnalysis {
  // one budget of search work for the whole analysis, reorderings included (search.ts)
  const options: AnalyzeOptions = { ...given, work: given.work ?? { left: DEFAULT_ANALYSIS_WORK } };
  const { grammar, order } = inspectLayers(program);
  if (order.length > 0) {
    return {
      layers: grammar.layers,
      findings: sortFindings(order),
      notes: ['completeness and noninterference are checked once every layer reads only layers of lower order'],
      completeness: [],
    };
  }
  let findings: LayerFinding[];
  let completeness: CompletenessVerdict[];
  try {
    findings = checkNoninterference(
      grammar.program,
      grammar.layers,
      grammar.reads,
      options.solver !== false ? placeableOracle(grammar, options) : undefined,
    );
    completeness = checkCompleteness(grammar, options);
  } catch (e) {
    // the possibility model past its budget (a map of millions of sites): say what could not be decided
    if (!(e instanceof GramlogError) || e.code !== 'layers/analysis') throw e;
    return {
      layers: grammar.layers,
      findings: [
        {
          code: 'layers/completeness',
          severity: 'warning',
          layers: grammar.layers.map((l) => l.name),
          message: `could not decide completeness and noninterference within the budget: ${e.message}`,
          ...(e.span ? { span: e.span } : {}),
        },
      ],
      notes: ['every layer reads only layers of lower order (proved from the rule text)'],
      completeness: [],
    };
  }
  const notes = completeness.filter((v) => v.status === 'complete').map((v) => v.message);
  const problems = completeness.filter((v) => v.status !== 'complete');
  let fix = '';
  if (problems.length > 0 && options.suggest !== false) {
    const r = suggestReordering(grammar.program, grammar.layers, options);
    if (r === undefined) fix = '; no reordering of the layers makes every layer complete';
    else if (r === 'budget') fix = '; no reordering of the layers was found within the analysis budget';
    else if (r !== 'not-applicable') {
      fix = `; fix: generate in the order ${r.order.map((o) => o.name).join(', ')}, which is complete: write ${r.changes.join(' ')}`;
    }
  }
  for (const v of problems) {
    findings.push({
      code: 'layers/completeness',
      severity: 'warning',
      layers: [v.layer.name, ...v.earlier.filter((n) => n !== v.layer.name)],
      message: v.message + fix,
      ...(v.parts ? { parts: message`${v.parts}${fix}` } : {}),
      ...(v.span ? { span: v.span } : {}),
      ...(v.outcome ? { outcome: formatOutcome(grammar, v.layer, v.outcome) } : {}),
    });
  }
  if (options.solver !== false) {
    const c = checkConstraints(grammar, options);
    pushAll(findings, c.findings);
    pushAll(notes, c.notes);
  }
  return { layers: grammar.layers, findings: sortFindings(findings), notes, completeness };
}
