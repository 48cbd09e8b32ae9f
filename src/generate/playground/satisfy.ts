/**
 * The playground's satisfy switch (`gramlog generate --satisfy`, ../satisfy/):
 * with it on, a panel's artifacts break no constraint, and a file no artifact
 * can satisfy fails with the conflicting statements, which the page marks on
 * the editor's lines. One satisfier per compiled grammar and options, so a
 * proof is found once.
 */
import { Satisfier } from '../satisfy/satisfy.js';
import type { Style, StyleGenerateOptions } from '../style.js';
import type { PanelInput } from '../style/playground.js';

const satisfiers = new WeakMap<object, Map<string, Satisfier>>();

/** An artifact of `seed`: plain, or with `input.satisfy` one that satisfies every constraint. */
export function generated<G, A>(style: Style<G, A>, grammar: G, input: PanelInput, seed: number | string, options: StyleGenerateOptions = {}): A {
  if (!input.satisfy) return style.generate(grammar, seed, options);
  let byOptions = satisfiers.get(grammar as object);
  if (!byOptions) satisfiers.set(grammar as object, (byOptions = new Map()));
  const key = JSON.stringify(options);
  let s = byOptions.get(key);
  if (!s) {
    const compileOptions = Object.keys(input.params).length > 0 ? { params: input.params } : {};
    s = new Satisfier(style as Style<unknown, unknown>, grammar, options, {}, { sources: [{ file: input.file, text: input.text }], compileOptions });
    byOptions.set(key, s);
  }
  return s.one(seed).artifact as A;
}
