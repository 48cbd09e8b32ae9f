/**
 * `gramlog check` and a `violation` rule that can never fire (it reads a
 * relation nothing defines: generate/violation-never): generate and master
 * warn, but check would report every run as held, proving nothing, so there
 * it is an error and no run is made.
 */
import type { Diagnostic } from '../errors.js';
import { formatDiagnostic } from './diagnostics.js';
import type { Io } from './io.js';
import { printWarnings } from './options.js';

/** Print `warnings` (the never-firing rules as errors); true when check must stop. */
export function neverFiringStopsCheck(io: Io, sources: Map<string, string>, what: string, warnings: readonly Diagnostic[]): boolean {
  const never = warnings.filter((d) => d.code === 'generate/violation-never');
  printWarnings(io, sources, warnings.filter((d) => d.code !== 'generate/violation-never'));
  if (never.length === 0) return false;
  for (const d of never) io.err(formatDiagnostic({ ...d, severity: 'error' }, d.span ? sources.get(d.span.file) : undefined) + '\n');
  io.err(`gramlog check: ${what}: no runs made: a property that can never fail would hold in every run; fix the rule${never.length === 1 ? '' : 's'} above\n`);
  return true;
}
