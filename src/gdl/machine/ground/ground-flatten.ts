/**
 * Flattening compound arguments of body literals, so the engine can index them.
 *
 * The engine indexes a relation on whole columns. A literal such as
 * `(true (cell ?x ?y ?p))` with ?p bound and ?x, ?y free has one column, a
 * compound term that is only partly bound: it cannot use an index and scans the
 * whole relation. In the relaxed game of chess, where `true` holds every piece
 * on every square, such scans nested in joins take minutes.
 *
 * `flattenCompounds(program)` rewrites every body literal (positive or
 * negative) whose argument i is a compound pattern `(f b1 .. bm)` into a
 * literal of a new relation `R/k arg i as f/m` with argument i replaced by
 * b1 .. bm, and defines that relation once by
 *
 *   (<= ("R/k arg i as f/m" a1 .. b1 .. bm .. ak) (R a1 .. (f b1 .. bm) .. ak))
 *
 * which holds exactly the tuples of R whose argument i is an f/m term, taken
 * apart. The rewrite repeats until no body literal has a compound argument at
 * top level (nested compounds are taken apart one level per pass). The meaning
 * of every original relation is unchanged; the program gains relations (ids
 * after the existing ones) and rules. Only for derived programs that gramlog
 * builds itself (derived.ts): their rules are not the game's statements.
 */
import type { Program } from '../../../program/program.js';
import type { AtomPattern, BodyLit, CompiledRule, Pattern } from '../../../program/rules.js';
import { syntheticSpan } from '../derived.js';
import { pushAll } from '../../../arrays.js';

/** Rewrite the rules of `program` in place (see the module comment). */
export function flattenCompounds(program: Program): void {
  const defined = new Set<number>();
  const defining: CompiledRule[] = [];
  const span = syntheticSpan('<flatten>');
  const flatRelation = (rel: number, i: number, functor: string, m: number): number => {
    const info = program.relations[rel] as { name: string; arity: number };
    // The name has spaces, so it never clashes with a name in a game, and reads well in messages.
    const id = program.relationId(`${info.name}/${info.arity} arg ${i + 1} as ${functor}/${m}`, info.arity - 1 + m);
    if (!defined.has(id)) {
      defined.add(id);
      // (<= (flat v0 .. w1 .. wm .. vk) (R v0 .. (f w1 .. wm) .. vk))
      const k = info.arity;
      const outer: Pattern[] = Array.from({ length: k }, (_, c) => ({ t: 'var', slot: c }));
      const inner: Pattern[] = Array.from({ length: m }, (_, c) => ({ t: 'var', slot: k + c }));
      const bodyArgs = outer.map((p, c) => (c === i ? { t: 'fn' as const, functor, args: inner } : p));
      const headArgs = [...outer.slice(0, i), ...inner, ...outer.slice(i + 1)];
      defining.push({
        head: { rel: id, args: headArgs },
        body: [{ kind: 'pos', rel, args: bodyArgs, span }],
        varNames: Array.from({ length: k + m }, (_, c) => `v${c}`),
        statement: -1,
        span,
      });
    }
    return id;
  };
  const flattenLiteral = (lit: BodyLit): BodyLit => {
    if (lit.kind !== 'pos' && lit.kind !== 'neg') return lit;
    let cur: AtomPattern = { rel: lit.rel, args: lit.args };
    for (;;) {
      const i = cur.args.findIndex((a) => a.t === 'fn');
      if (i < 0) break;
      const fn = cur.args[i] as { t: 'fn'; functor: string; args: Pattern[] };
      cur = {
        rel: flatRelation(cur.rel, i, fn.functor, fn.args.length),
        args: [...cur.args.slice(0, i), ...fn.args, ...cur.args.slice(i + 1)],
      };
    }
    return { ...lit, rel: cur.rel, args: cur.args };
  };
  const rules = program.rules.splice(0, program.rules.length);
  for (const rule of rules) program.rules.push({ ...rule, body: rule.body.map(flattenLiteral) });
  pushAll(program.rules, defining);
}
