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
import type { BodyLit, CompiledRule } from '../../program/rules.js';
import { LAYER_KEYED, type LayerDecl } from './vocabulary.js';

/** A layer name not known from the rule text (any layer). */
const ANY = -1;

/** True when the rule text proves that no layer reads a layer of equal or higher order. */
export function orderProvedByRuleText(program: Program, layers: readonly LayerDecl[]): boolean {
  const placed = program.findRelation('placed', 2)?.id;
  if (placed === undefined) return true;
  const orderOf = new Map(layers.map((l) => [l.id, l.order]));
  const reads = layerReads(program, placed);
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

type Call = ReadonlyArray<number | undefined>;

/**
 * The layers M a body literal can read as `(placed M ...)`: ANY where a
 * variable the call leaves open names the layer. Calls are memoized and solved
 * to a fixpoint, so recursive helpers terminate.
 */
function layerReads(program: Program, placed: number): (lit: BodyLit) => Set<number> {
  const rulesOf = new Map<number, CompiledRule[]>();
  for (const rule of program.rules) {
    const list = rulesOf.get(rule.head.rel) ?? [];
    list.push(rule);
    rulesOf.set(rule.head.rel, list);
  }
  const memo = new Map<string, Set<number>>();
  const match = (rule: CompiledRule, call: Call): Map<number, number> | undefined => {
    const bound = new Map<number, number>();
    for (let i = 0; i < call.length; i++) {
      const c = call[i];
      const h = rule.head.args[i];
      if (c === undefined || !h || h.t === 'fn') continue;
      if (h.t === 'const') {
        if (h.id !== c) return undefined;
        continue;
      }
      const prev = bound.get(h.slot);
      if (prev !== undefined && prev !== c) return undefined;
      bound.set(h.slot, c);
    }
    return bound;
  };
  let changed = true;
  let visited = new Set<string>();
  const litReads = (lit: BodyLit, bound: ReadonlyMap<number, number>): Set<number> => {
    if (lit.kind !== 'pos' && lit.kind !== 'neg') return new Set();
    const call: Call = lit.args.map((a) => (a.t === 'const' ? a.id : a.t === 'var' ? bound.get(a.slot) : undefined));
    if (lit.rel === placed) return new Set([call[0] ?? ANY]);
    const key = `${lit.rel}:${call.map((c) => (c === undefined ? '_' : c)).join(',')}`;
    let set = memo.get(key);
    if (!set) {
      set = new Set();
      memo.set(key, set);
    }
    if (visited.has(key)) return set;
    visited.add(key);
    for (const rule of rulesOf.get(lit.rel) ?? []) {
      const inner = match(rule, call);
      if (!inner) continue;
      for (const l of rule.body) {
        for (const m of litReads(l, inner)) {
          if (set.has(m)) continue;
          set.add(m);
          changed = true;
        }
      }
    }
    return set;
  };
  return (lit) => {
    let result = new Set<number>();
    for (changed = true; changed; ) {
      changed = false;
      visited = new Set();
      result = litReads(lit, new Map());
    }
    return result;
  };
}
