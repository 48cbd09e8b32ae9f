/**
 * Findings of the layer checks, as `gramlog analyze` reports them: a forward
 * reference or a cycle between layers is an error; an incomplete layer, a
 * mask that removes nothing, or a violation that fires on every outcome
 * (constraint-check.ts) is a warning.
 */
import type { Severity, Span } from '../../errors.js';

export type LayerCheck = 'completeness' | 'noninterference' | 'forward' | 'cycle' | 'violation-always';

export interface LayerFinding {
  check: LayerCheck;
  severity: Severity;
  /** The layers involved, by name. */
  layers: string[];
  message: string;
  span?: Span;
  /** For an incomplete layer: the outcome of the earlier layers that makes it fail (see outcome.ts). */
  outcome?: { lines: string[]; facts: string[] };
}

const CHECK_RANK: Record<LayerCheck, number> = { cycle: 0, forward: 1, completeness: 2, noninterference: 3, 'violation-always': 4 };

/** Errors first, then by check, then by position in the file. */
export function sortFindings(findings: LayerFinding[]): LayerFinding[] {
  return findings.sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      CHECK_RANK[a.check] - CHECK_RANK[b.check] ||
      (a.span?.file ?? '').localeCompare(b.span?.file ?? '') ||
      (a.span?.offset ?? -1) - (b.span?.offset ?? -1) ||
      a.message.localeCompare(b.message),
  );
}
