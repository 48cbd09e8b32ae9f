/**
 * Codes of the checks every rule file gets when it is loaded as a program
 * (src/program/): safety, stratification, arities, builtins. They have no
 * area prefix (they predate the prefixes, and `gramlog validate` prints them
 * as its check names too).
 */
import { declareCodes } from './registry.js';

const q = (file: string, text: string) => ({ file, text, command: `gramlog query ${file}` });

export const CODES = declareCodes([
  {
    code: 'safety',
    severity: 'error',
    title: 'A variable that nothing binds.',
    explanation: "Every variable of a rule must occur in a positive body literal (not inside `not`, `distinct` or a builtin), in every disjunct of an `or`, so that the rule derives only ground facts. A variable in a fact is reported too: facts must be ground.",
    example: q('rules.kif', '(item sword)\n(<= (sells ?shop ?x) (item ?x))\n'),
    fix: 'Bind the variable with a positive literal in the body, e.g. `(<= (sells ?shop ?x) (shop ?shop) (item ?x))`, or replace it with a constant.',
  },
  {
    code: 'stratification',
    severity: 'error',
    title: 'Recursion through negation.',
    explanation: 'A relation depends on its own negation through a cycle of rules (`p` needs `(not q)` and `q` needs `(not p)`), so the rules have no single meaning. The message shows the cycle.',
    example: q('rules.kif', '(<= (day) (not (night)))\n(<= (night) (not (day)))\n'),
    fix: 'Break the cycle: define one of the relations without negating the other, e.g. from a fact such as `(night)`.',
  },
  {
    code: 'arity',
    severity: 'warning',
    title: 'One name used with two numbers of arguments.',
    explanation: 'The same relation name appears with different numbers of arguments; each arity is a separate relation, which is usually a typo. In a GDL game (`gramlog validate`) it is an error, for relations and function symbols alike: the GDL specification fixes one arity for each, and GGP-Base rejects such a game; so is a keyword with the wrong number of arguments (`(role a b)`).',
    otherSeverity: { severity: 'error', when: 'in a GDL game (gramlog validate): a relation or function symbol with two arities, or a keyword with the wrong number of arguments' },
    example: q('items.kif', '(item sword)\n(item axe heavy)\n'),
    fix: 'Use one number of arguments for the name, or give the two relations different names.',
  },
  {
    code: 'builtin-arity',
    severity: 'error',
    title: 'A builtin with the wrong number of arguments.',
    explanation: 'The builtins `+ - * /` take three arguments (`(+ ?a ?b ?sum)`), the comparisons `< <= > >= =` take two.',
    example: q('rules.kif', '(hp 10)\n(<= (strong) (hp ?x) (> ?x))\n'),
    fix: 'Give the builtin its arguments: `(> ?x 5)`.',
  },
  {
    code: 'builtin-head',
    severity: 'error',
    title: 'A rule or fact that defines a builtin.',
    explanation: 'The arithmetic and comparison builtins (`+ - * / < <= > >= =`) are computed, not defined by rules or facts.',
    example: q('rules.kif', '(< 1 2)\n'),
    fix: 'Rename the relation (`less`), or use the builtin in a rule body.',
  },
  {
    code: 'or-expansion',
    severity: 'error',
    title: "A rule whose 'or's expand into too many rules.",
    explanation: "Each `(or ...)` in a body multiplies the rule by its number of disjuncts; a rule that would expand into more than 4096 rules is refused.",
    example: q('rules.kif', '(a)\n(<= (p) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)) (or (a) (b)))\n'),
    fix: 'Move each `or` into a helper relation: `(<= (ab) (a)) (<= (ab) (b))`, then use `(ab)` in the rule.',
  },
  {
    code: 'program/singleton',
    severity: 'warning',
    title: 'A variable written once in a rule.',
    explanation:
      "A variable that occurs only once in a rule matches anything and joins nothing with the rest of the rule. That is sometimes meant (\"there is some cell\") but is often a typo: `(chose ?n ?x)` where `?r` was meant drops the join on `?r`, and the rule derives more than it should (e.g. 'two values for attribute price'). As Prolog systems do, gramlog warns; a name starting with an underscore (`?_`, `?_colour`) says the variable is meant to match anything, and silences the warning.",
    example: q('rules.kif', '(price sword 10)\n(chose n sword)\n(<= (cost ?n ?p) (chose ?n ?x) (price ?r ?p))\n'),
    fix: 'Use the variable you meant (`(<= (cost ?n ?p) (chose ?n ?r) (price ?r ?p))`), or write `?_x` when any value will do.',
  },
  {
    code: 'empty-or',
    severity: 'warning',
    title: "An '(or)' with no disjuncts.",
    explanation: "`(or)` with nothing inside is always false, so the rule that holds it never fires.",
    example: q('rules.kif', '(a)\n(<= (p) (a) (or))\n'),
    fix: 'Put the alternatives inside the `or`, or delete it.',
  },
]);
