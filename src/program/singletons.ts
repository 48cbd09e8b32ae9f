/**
 * Singleton variables: a variable written once in a rule matches anything and
 * binds nothing, which is what `_` says in Prolog; written by mistake (`(chose
 * ?n ?x)` where `?r` was meant) it silently drops a join. Prolog systems warn,
 * and so do we: code `program/singleton`, a warning. A name starting with `_` (`?_`,
 * `?_colour`) says it is intended.
 */
import { didYouMean } from '../did-you-mean.js';
import type { Diagnostic } from '../errors.js';
import type { Atom, Literal, Statement, Term, VarTerm } from '../syntax/ast.js';

/** Each variable name of a statement → its occurrences, in no particular order. */
export function variableOccurrences(st: Statement): Map<string, VarTerm[]> {
  const out = new Map<string, VarTerm[]>();
  const stack: Array<Term | Literal | Atom> = [st.head, ...st.body];
  while (stack.length > 0) {
    const node = stack.pop() as Term | Literal | Atom;
    switch (node.kind) {
      case 'var': {
        const list = out.get(node.name);
        if (list) list.push(node);
        else out.set(node.name, [node]);
        break;
      }
      case 'compound':
      case 'atom':
        for (const a of node.args) stack.push(a);
        break;
      case 'not':
        stack.push(node.body);
        break;
      case 'or':
        for (const d of node.disjuncts) stack.push(d);
        break;
      case 'distinct':
        stack.push(node.left, node.right);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Rules with more variables than this get no "did you mean" for their singletons (the comparison is quadratic). */
const MAX_SUGGESTING_VARIABLES = 64;

/**
 * A warning for each variable written exactly once in rule `st` (not
 * `?_...`, nor those in `skip`: the unsafe ones, an error of their own), in
 * source order, with "did you mean" from the rule's other variables.
 */
export function singletonWarnings(st: Statement, skip: ReadonlyMap<string, unknown>): Diagnostic[] {
  const vars = variableOccurrences(st);
  // suggestions compare each singleton with every other variable: bounded to rules a person writes, so a generated rule of 12,000 variables stays linear
  const names = vars.size <= MAX_SUGGESTING_VARIABLES ? [...vars.keys()] : [];
  const out: Array<{ v: VarTerm; d: Diagnostic }> = [];
  for (const [name, list] of vars) {
    const v = list[0] as VarTerm;
    if (list.length !== 1 || name.startsWith('_') || skip.has(name)) continue;
    // one-letter names are all one edit apart: a suggestion among them would be a guess
    const others = name.length < 3 ? [] : names.filter((n) => n !== name).map((n) => `?${n}`);
    out.push({
      v,
      d: {
        code: 'program/singleton',
        severity: 'warning',
        message: `singleton variable ?${name}: it occurs only once in this rule, so it matches anything and joins nothing${didYouMean(`?${name}`, others, { quote: '', max: 2 })}; write ?_${name} if that is intended`,
        span: v.span,
      },
    });
  }
  return out.sort((a, b) => a.v.span.offset - b.v.span.offset).map((x) => x.d);
}
