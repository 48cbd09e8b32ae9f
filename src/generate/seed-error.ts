/**
 * Failures of a generation name the seed that replays them, the same way in
 * every generation style: every message starts with `seed N: `.
 */
import { GramlogError } from '../errors.js';

/** The same error, its messages prefixed with the seed that replays it. */
export function withSeed(e: GramlogError, seed: number | string): GramlogError {
  const prefix = `seed ${seed}: `;
  const out = new GramlogError(
    e.code,
    prefix + e.message,
    e.span,
    e.diagnostics.map((d) => ({ ...d, message: prefix + d.message })),
  );
  out.cause = e.cause;
  return out;
}
