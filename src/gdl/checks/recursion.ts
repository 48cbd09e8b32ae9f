/**
 * The GDL recursion restriction (Love et al., "General Game Playing: Game
 * Description Language Specification", the restriction that keeps every
 * game's relations finite despite function symbols):
 *
 *   for a rule with head p(t1..tn) and a positive body literal q(s1..sk) where
 *   q is in a cycle with p in the dependency graph, every sj must be ground,
 *   or equal to one of the head arguments ti, or equal to an argument of some
 *   positive body literal r(...) whose relation r is not in a cycle with p.
 *
 * Where an argument breaks the letter of the rule but each of its variables
 * occurs in a positive literal outside the cycle (inside a term, as in
 * `(true (link ?x ?y))`), the relation stays finite: that is a warning, not an
 * error (GGP-Base, which checks the letter, rejects such rules).
 *
 * Cycles made by a rule that defines `true` or `does` (an error reported by
 * keywords.ts) are not judged: their findings would only bury that error.
 *
 * Without it a rule such as (<= (count (s ?n)) (count ?n)) builds ever deeper
 * terms. The check runs on the compiled rules, so each disjunct of an `or` is
 * judged on its own (an argument bound only inside one disjunct does not count
 * for the others).
 */
import type { Program } from '../../program/program.js';
import { patternVars, type CompiledRule, type Pattern } from '../../program/rules.js';
import { error, warning, type Finding } from '../validate/finding.js';
import { pushAll } from '../../arrays.js';

function samePattern(a: Pattern, b: Pattern): boolean {
  if (a.t !== b.t) return false;
  if (a.t === 'const') return a.id === (b as typeof a).id;
  if (a.t === 'var') return a.slot === (b as typeof a).slot;
  const fb = b as typeof a;
  return a.functor === fb.functor && a.args.length === fb.args.length && a.args.every((x, i) => samePattern(x, fb.args[i] as Pattern));
}

function printPattern(program: Program, rule: CompiledRule, p: Pattern): string {
  if (p.t === 'const') return program.terms.print(p.id);
  if (p.t === 'var') return '?' + (rule.varNames[p.slot] ?? '_');
  return `(${p.functor}${p.args.map((a) => ' ' + printPattern(program, rule, a)).join('')})`;
}

export function checkRecursionRestriction(program: Program): Finding[] {
  const strat = program.stratification;
  const out: Finding[] = [];
  const reported = new Set<string>();
  // A rule defining `true` or `does` is an error of its own (keywords.ts); the cycles it makes
  // (true → next → true) are its consequence, not the game's: nothing is reported about them.
  const consequential = new Set<number | undefined>();
  for (const rule of program.rules) {
    const name = program.relations[rule.head.rel]?.name;
    if (name === 'true' || name === 'does') consequential.add(strat.componentOf[rule.head.rel]);
  }
  for (const rule of program.rules) {
    const p = rule.head.rel;
    if (!strat.recursive[p]) continue;
    const comp = strat.componentOf[p];
    if (consequential.has(comp)) continue;
    const support: Pattern[] = [...rule.head.args];
    const boundOutside = new Set<number>();
    for (const lit of rule.body) {
      if (lit.kind === 'pos' && strat.componentOf[lit.rel] !== comp) {
        pushAll(support, lit.args);
        for (const a of lit.args) patternVars(a, boundOutside);
      }
    }
    for (const lit of rule.body) {
      if (lit.kind !== 'pos' || strat.componentOf[lit.rel] !== comp) continue;
      lit.args.forEach((arg, j) => {
        if (arg.t === 'const' || support.some((s) => samePattern(s, arg))) return;
        const key = `${rule.statement}:${lit.span.offset}:${j}`;
        if (reported.has(key)) return;
        reported.add(key);
        const head = program.relations[p];
        const q = program.relations[lit.rel];
        const atomText = (name: string, args: Pattern[]): string =>
          args.length === 0 ? name : `(${name}${args.map((a) => ' ' + printPattern(program, rule, a)).join('')})`;
        const litText = atomText(q?.name ?? '?', lit.args);
        const headText = atomText(head?.name ?? '?', rule.head.args);
        const message = `GDL recursion restriction: in the rule for ${headText} (line ${rule.span.line}), argument ${j + 1} (${printPattern(program, rule, arg)}) of the recursive literal ${litText} must be ground, an argument of the head, or an argument of a positive literal whose relation is not recursive with ${head?.name}/${head?.arity}`;
        // Every variable bound by a literal outside the cycle: the letter of the restriction is broken, not its purpose.
        if ([...patternVars(arg)].every((v) => boundOutside.has(v))) {
          out.push(
            warning(
              'recursion',
              `${message}; its variables are all bound by such literals (inside a term), so the relation stays finite, but strict players (GGP-Base among them) reject the rule`,
              lit.span,
            ),
          );
        } else out.push(error('recursion', message, lit.span));
      });
    }
  }
  return out;
}
