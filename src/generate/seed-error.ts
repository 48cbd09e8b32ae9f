/**
 * Failures of a generation name the seed that replays them, the same way in
 * every generation style: every message starts with `seed N: `.
 */
import { GramlogError } from '../errors.js';
import { message } from '../wording.js';

/** The same error, its messages prefixed with the seed that replays it (options named in them stay data). */
export function withSeed(e: GramlogError, seed: number | string): GramlogError {
  const prefix = `seed ${seed}: `;
  const out = new GramlogError(
    e.code,
    e.parts ? message`${prefix}${e.parts}` : prefix + e.message,
    e.span,
    e.diagnostics.map((d) => ({ ...d, message: prefix + d.message, ...(d.parts ? { parts: message`${prefix}${d.parts}` } : {}) })),
  );
  out.cause = e.cause;
  return out;
}
