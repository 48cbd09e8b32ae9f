/**
 * A layer name written in the vocabulary that no `(layer NAME ORDER)`
 * declares: `(chance dor 0.3)` for door, `(placed wng ?k)` for wing. Such a
 * statement or literal never concerns a layer (a chance nobody reads, a mask
 * that never holds), so generation would go on silently without it: it is an
 * error (layers/unknown-layer), with "did you mean" from the declared layers.
 * Checked where the name is a constant: the first argument of site, allow,
 * chance, sitechance, group, between, onviolation and placed, in facts, rule
 * heads and rule bodies (also under `not`).
 */
import { didYouMean } from '../../did-you-mean.js';
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { printLiteral, printTerm } from '../../syntax/printer.js';
import { atomsOf } from '../statements.js';
import { LAYER_KEYED } from './vocabulary.js';

const NAMED: ReadonlyMap<string, number> = new Map<string, number>([...LAYER_KEYED, ['between', 3], ['onviolation', 2], ['placed', 2]]);

export function unknownLayerNames(program: Program, layers: readonly string[]): Diagnostic[] {
  const known = new Set(layers);
  const out: Diagnostic[] = [];
  for (const st of program.statements) {
    for (const a of [st.head, ...atomsOf(st.body)]) {
      const name = a.args[0];
      if (NAMED.get(a.pred) !== a.args.length || !name || (name.kind !== 'const' && name.kind !== 'str')) continue;
      const text = printTerm(name);
      if (known.has(text)) continue;
      out.push({
        code: 'layers/unknown-layer',
        severity: 'error',
        message: `${printLiteral(a)} names ${text}, which no (layer ${text} ORDER) declares, so it never concerns a layer${didYouMean(text, layers)}`,
        span: name.span,
      });
    }
  }
  return out;
}
