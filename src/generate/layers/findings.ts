/**
 * Findings of the layer checks, as `gramlog analyze` reports them: a forward
 * reference or a cycle between layers is an error; an incomplete layer, a
 * mask that removes nothing, or a violation that fires on every outcome
 * (constraint-check.ts) is a warning.
 */
import type { Diagnostic } from '../../errors.js';

/** The codes of the layer checks (registered in src/codes/layers.ts: a misspelt one fails the type check). */
export type LayerCheck = 'layers/completeness' | 'layers/noninterference' | 'layers/forward' | 'layers/cycle' | 'layers/violation-always';

/** A layer finding is a Diagnostic (src/errors.ts) with the layers it is about. */
export interface LayerFinding extends Diagnostic {
  code: LayerCheck;
  /** The layers involved, by name. */
  layers: string[];
  /** For an incomplete layer: the outcome of the earlier layers that makes it fail (see outcome.ts). */
  outcome?: { lines: string[]; facts: string[] };
}

const CHECK_RANK: Record<LayerCheck, number> = {
  'layers/cycle': 0,
  'layers/forward': 1,
  'layers/completeness': 2,
  'layers/noninterference': 3,
  'layers/violation-always': 4,
};

/** Errors first, then by check, then by position in the file. */
export function sortFindings(findings: LayerFinding[]): LayerFinding[] {
  return findings.sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      CHECK_RANK[a.code] - CHECK_RANK[b.code] ||
      (a.span?.file ?? '').localeCompare(b.span?.file ?? '') ||
      (a.span?.offset ?? -1) - (b.span?.offset ?? -1) ||
      a.message.localeCompare(b.message),
  );
}
