/**
 * A layer name written in the vocabulary that no `(layer NAME ORDER)`
 * declares: `(chance dor 0.3)` for door, `(placed wng ?k)` for wing. Such a
 * statement or literal never concerns a layer (a chance nobody reads, a mask
 * that never holds), so generation would go on silently without it: it is an
 * error (layers/unknown-layer), with "did you mean" from the declared layers.
 * Checked where the schema (schema.ts) has a LAYER argument written as a
 * constant, in facts, rule heads and rule bodies (also under `not`), by the
 * one vocabulary check (../vocabulary-check.ts).
 */
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { checkVocabulary } from '../vocabulary-check.js';
import { LAYERS_SCHEMA } from './schema.js';

export function unknownLayerNames(program: Program, layers: readonly string[]): Diagnostic[] {
  return checkVocabulary(program.statements, LAYERS_SCHEMA, {
    structure: false,
    names: {
      layer: {
        names: layers,
        message: (_pred, text, name) => `${text} names ${name}, which no (layer ${name} ORDER) declares, so it never concerns a layer`,
      },
    },
  });
}
