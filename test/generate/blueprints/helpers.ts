/** Helpers of the blueprint tests. */
import { parseBlueprints, type Library } from '../../../src/generate/blueprints/library.js';
import { master, type Master } from '../../../src/generate/blueprints/master.js';

/** A value with every `span`, `opSpan`, `keySpan`, `nameSpan`, `parentSpan` removed (to compare trees). */
export function stripSpans<T>(v: T): unknown {
  if (Array.isArray(v)) return v.map(stripSpans);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!/[sS]pan$/.test(k)) out[k] = stripSpans(x);
    return out;
  }
  return v;
}

export function lib(text: string): Library {
  return parseBlueprints(text, { file: 't.bp' });
}

/** Master NAME of the library text with a seed. */
export function m(text: string | Library, name: string, seed: number | string = 0): Master {
  return master(typeof text === 'string' ? lib(text) : text, name, { seed });
}
