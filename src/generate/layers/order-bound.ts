/**
 * The order check from the rule text alone, in time proportional to the
 * rules, not to the sites: for each layer rule, the layers it can be deriving
 * for (its head's layer, a constant, or any layer) and the layers whose
 * `(placed M ...)` it can read (constants of the rule text, passed into helper
 * relations through the calls' constants, or any layer where a variable holds
 * the name). These are over-approximations of what the possibility model
 * (reads.ts) finds, so when no pair of them reads a layer of equal or higher
 * order, the possibility model would find no `forward` or `cycle` finding
 * either, and need not be evaluated for the order check. Otherwise
 * (a layer name held by a variable, a read that might go forward) the
 * possibility model decides, as before.
 *
 * A 1000 × 1000 map has two million sites; its possibility model six million
 * facts: this is what lets `generate` skip it.
 */
import type { Program } from '../../program/program.js';
import { LAYER_KEYED, type LayerDecl } from './vocabulary.js';
import { constantReads } from './reads.js';

/** A layer name not known from the rule text (any layer). */
const ANY = -1;

/** True when the rule text proves that no layer reads a layer of equal or higher order. */
export function orderProvedByRuleText(program: Program, layers: readonly LayerDecl[]): boolean {
  const placed = program.findRelation('placed', 2)?.id;
  if (placed === undefined) return true;
  const orderOf = new Map(layers.map((l) => [l.id, l.order]));
  const reads = constantReads(program, placed, ANY);
  const keyed = new Set(LAYER_KEYED.map(([n, a]) => `${n}/${a}`));
  for (const rule of program.rules) {
    const info = program.relations[rule.head.rel] as { name: string; arity: number };
    if (!keyed.has(`${info.name}/${info.arity}`)) continue;
    const h = rule.head.args[0];
    const reader = h?.t === 'const' ? h.id : ANY;
    if (reader !== ANY && !orderOf.has(reader)) continue; // not a declared layer: the order check skips it too
    for (const lit of rule.body) {
      for (const m of reads(lit)) {
        if (m === ANY || reader === ANY) return false;
        const mo = orderOf.get(m);
        if (mo === undefined) continue; // an undeclared layer places nothing (and is reported by layer-names.ts)
        if (mo >= (orderOf.get(reader) as number)) return false;
      }
    }
  }
  return true;
}

