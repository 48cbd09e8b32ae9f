/**
 * Worst-case bounds by queries over the rules: a derived program with two
 * copies of every dynamic relation (one that depends on `placed`):
 *
 *   gl.lo.R  holds in EVERY outcome: its positive dynamic literals read gl.lo,
 *            its `not` literals read gl.hi (true only if false in every outcome);
 *   gl.hi.R  holds in SOME outcome: positive literals read gl.hi, `not` reads gl.lo.
 *
 * `gl.hi.placed` is every site the mask may allow; `gl.lo.placed` is empty
 * (nothing is certainly placed). So a site in `gl.lo.allow` is allowed whatever
 * the earlier layers do: every earlier site that could block it placed, none
 * that could enable it. Static relations are shared unchanged.
 *
 * The derived program can fail to stratify when a mask reads `placed` through
 * two negations; the caller then falls back to "unknown".
 */
import { GramlogError } from '../../errors.js';
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import { dynamicRelations } from './dynamic.js';
import { analysisMaxFacts } from './reads.js';
import { atomText, buildDerived, literalText, patternText, relName, ruleText, translateTerm } from './rule-text.js';
import { printAtom } from '../../program/order.js';
import type { LayerDecl } from './vocabulary.js';

export interface BoundsModel {
  program: Program;
  model: Model;
  /** The name of relation `name` in the lo (certain) or hi (possible) copy. */
  nameOf(name: string, arity: number, copy: 'lo' | 'hi'): string;
  /** Term id in the layer program of a term of the derived program. */
  toOriginal(id: number): number;
}

export function boundsText(program: Program, layers: readonly LayerDecl[]): { lines: string[]; dynamic: Set<number> } {
  const dynamic = dynamicRelations(program);
  const name = (rel: number, copy: 'lo' | 'hi') => (dynamic.has(rel) ? `gl.${copy}.${relName(program, rel)}` : relName(program, rel));
  const lines: string[] = [];
  for (const f of program.facts) {
    if (!dynamic.has(f.rel)) lines.push(printAtom(program.terms, relName(program, f.rel), f.tuple));
    else for (const copy of ['lo', 'hi'] as const) lines.push(printAtom(program.terms, name(f.rel, copy), f.tuple));
  }
  for (const rule of program.rules) {
    const args = rule.head.args.map((a) => patternText(program, rule, a));
    if (!dynamic.has(rule.head.rel)) {
      lines.push(ruleText(atomText(relName(program, rule.head.rel), args), rule.body.map((l) => literalText(program, rule, l))));
      continue;
    }
    for (const copy of ['lo', 'hi'] as const) {
      const other = copy === 'lo' ? 'hi' : 'lo';
      const body = rule.body.map((l) =>
        l.kind === 'pos' && dynamic.has(l.rel)
          ? literalText(program, rule, l, name(l.rel, copy))
          : l.kind === 'neg' && dynamic.has(l.rel)
            ? literalText(program, rule, l, name(l.rel, other))
            : literalText(program, rule, l),
      );
      lines.push(ruleText(atomText(name(rule.head.rel, copy), args), body));
    }
  }
  const site = program.findRelation('site', 2);
  const allow = program.findRelation('allow', 2);
  const placed = program.findRelation('placed', 2);
  const siteHi = site ? name(site.id, 'hi') : 'site';
  const allowHi = allow ? name(allow.id, 'hi') : 'allow';
  const placedHi = placed ? name(placed.id, 'hi') : 'placed';
  lines.push(`(<= (${placedHi} ?gl.l ?gl.s) (gl.masked ?gl.l) (${siteHi} ?gl.l ?gl.s) (${allowHi} ?gl.l ?gl.s))`);
  lines.push(`(<= (${placedHi} ?gl.l ?gl.s) (gl.unmasked ?gl.l) (${siteHi} ?gl.l ?gl.s))`);
  for (const l of layers) lines.push(atomText(l.masked ? 'gl.masked' : 'gl.unmasked', [program.terms.print(l.id)]));
  return { lines, dynamic };
}

/** Build and evaluate the bounds program; undefined (with the reason) when it cannot be built. */
export function boundsModel(program: Program, layers: readonly LayerDecl[]): BoundsModel | { problem: string } {
  const { lines, dynamic } = boundsText(program, layers);
  const built = buildDerived(lines, '<worst case>');
  if ('problem' in built) return { problem: built.problem };
  let model: Model;
  try {
    model = evaluate(built.program, { maxFacts: analysisMaxFacts(program) });
  } catch (e) {
    if (e instanceof GramlogError) return { problem: e.message };
    throw e;
  }
  const derived = built.program;
  return {
    program: derived,
    model,
    nameOf(n, arity, copy) {
      const info = program.findRelation(n, arity);
      return info && dynamic.has(info.id) ? `gl.${copy}.${n}` : n;
    },
    toOriginal: (id) => translateTerm(derived, program, id),
  };
}
