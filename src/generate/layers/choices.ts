/**
 * Forced base bits of a layer program: `LAYER:KEY=on` or `LAYER:KEY=off`
 * (`gramlog generate FILE --seed S --choose 'house:(at 1 2)=off'`). Every draw
 * of that layer (the first and each redraw) keeps the bit as forced; the mask
 * still applies, so a site forced on is placed only where the mask allows it.
 *
 * Overrides respect the file: a bit can be forced on only where the site's
 * chance is above 0, and off only where it is below 1 (generation could draw
 * it so); KEY must be a site of LAYER, written canonically.
 */
import { GramlogError } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { didYouMean } from '../../did-you-mean.js';
import type { LayerDecl, LayerState } from './vocabulary.js';

/** `LAYER:KEY` (KEY canonical) → forced bit. */
export type LayerChoices = ReadonlyMap<string, boolean>;

export function choiceKey(layer: string, key: string): string {
  return `${layer}:${key}`;
}

/** Parse `LAYER:KEY=on|off` texts; throws a GramlogError naming the malformed one. */
export function parseLayerChoices(texts: readonly string[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const t of texts) {
    const eq = t.lastIndexOf('=');
    const colon = t.indexOf(':');
    const value = t.slice(eq + 1).trim();
    if (eq < 0 || colon < 0 || colon > eq || (value !== 'on' && value !== 'off')) {
      throw new GramlogError('layers/choose', `--choose on a layer file takes LAYER:KEY=on or LAYER:KEY=off (e.g. 'house:(at 1 2)=off'), not '${t}'`, undefined);
    }
    const key = choiceKey(t.slice(0, colon).trim(), t.slice(colon + 1, eq).trim().replace(/\s+/g, ' '));
    out.set(key, value === 'on');
  }
  return out;
}

/** The forced bits of `decl` by site id; throws when one is not a site, or forces what the file's chances forbid. */
export function forcedBits(program: Program, decl: LayerDecl, state: LayerState, choices: LayerChoices | undefined, used: Set<string>): Map<number, boolean> | undefined {
  if (!choices) return undefined;
  const prefix = `${decl.name}:`;
  const byText = new Map(state.sites.map((s) => [program.terms.print(s), s]));
  let out: Map<number, boolean> | undefined;
  for (const [k, on] of choices) {
    if (!k.startsWith(prefix)) continue;
    const text = k.slice(prefix.length);
    const site = byText.get(text);
    if (site === undefined) {
      throw new GramlogError(
        'layers/choose-site',
        `--choose ${k}=${on ? 'on' : 'off'}: ${text} is not a site of layer ${decl.name} here${didYouMean(text, [...byText.keys()], { quote: '', max: 1 })}`,
        undefined,
      );
    }
    const p = state.prob.get(site) ?? 0;
    if ((on && !(p > 0)) || (!on && p >= 1)) {
      throw new GramlogError(
        'layers/choose-forbidden',
        `--choose ${k}=${on ? 'on' : 'off'}: the chance of ${text} in layer ${decl.name} is ${p}, so no draw gives that`,
        undefined,
      );
    }
    used.add(k);
    (out ??= new Map()).set(site, on);
  }
  return out;
}
