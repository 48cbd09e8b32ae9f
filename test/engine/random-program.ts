/**
 * Random stratified programs for the engine's property tests: facts, and
 * rules whose positive literals read relations of their own level or lower,
 * whose negated literals read lower levels only (every variable of theirs
 * bound by the positive ones), with an optional `distinct`. Heads copy the
 * positive literals' variables (or constants when there are none), so every
 * program is finite unless `headArg` builds terms. The three property tests
 * (random-programs, compound-programs, demand-random-programs) differ only in
 * the parameters below.
 */
import fc from 'fast-check';

export interface RelSpec {
  name: string;
  arity: number;
  /** Stratum: a rule's negated literals read lower levels only. */
  level: number;
}

export interface ProgramSpec {
  consts: readonly string[];
  rels: readonly RelSpec[];
  /** Arguments of body literals (variables, constants, compound terms of them). */
  pattern: fc.Arbitrary<string>;
  /** Arguments of facts (ground). */
  ground: fc.Arbitrary<string>;
  /** Relations that facts may have (default: all). */
  factRels?: readonly RelSpec[];
  /** Relations that rules may define (default: all). */
  headRels?: readonly RelSpec[];
  /** How many positive literals a rule has (default 1 to 3). */
  positive?: { min: number; max: number };
  /** How many picks of bound variables negated literals and `distinct` draw from, cycled (default 4). */
  picks?: number;
  /** A head argument from a pick `n` (index `i`) and the pick of a bound variable; default: the variable itself. */
  headArg?: (n: number, i: number, pick: (n: number, i: number) => string) => string;
  /** How many facts a program has at most. */
  facts: number;
  /** How many rules a program has (default 0 to 6). */
  rules?: { min: number; max: number };
}

/** Two levels of relations the engine tests share: p/2 and q/1 at level 0, r/2 and s/1 at level 1. */
export const TWO_LEVELS: readonly RelSpec[] = [
  { name: 'p', arity: 2, level: 0 },
  { name: 'q', arity: 1, level: 0 },
  { name: 'r', arity: 2, level: 1 },
  { name: 's', arity: 1, level: 1 },
];

export function atom(name: string, args: readonly string[]): string {
  return args.length === 0 ? name : `(${name} ${args.join(' ')})`;
}

const varsOf = (text: string): string[] => text.match(/\?[a-z]+/g) ?? [];

export interface RandomPrograms {
  fact: fc.Arbitrary<string>;
  rule: fc.Arbitrary<string>;
  /** Facts and rules. */
  parts: fc.Arbitrary<{ facts: string[]; rules: string[] }>;
  /** The program text: facts, then rules. */
  program: fc.Arbitrary<string>;
  /** The level of a relation by name (0 for one the spec does not name). */
  levelOf(pred: string): number;
}

export function randomPrograms(spec: ProgramSpec): RandomPrograms {
  const { consts, rels } = spec;
  const picks = spec.picks ?? 4;
  const positive = spec.positive ?? { min: 1, max: 3 };
  const rules = spec.rules ?? { min: 0, max: 6 };
  const fact = fc
    .constantFrom(...(spec.factRels ?? rels))
    .chain((r) => fc.array(spec.ground, { minLength: r.arity, maxLength: r.arity }).map((args) => atom(r.name, args)));
  const literal = (from: readonly RelSpec[]) =>
    fc.constantFrom(...from).chain((r) => fc.array(spec.pattern, { minLength: r.arity, maxLength: r.arity }).map((args) => ({ r, args })));
  const rule = fc.constantFrom(...(spec.headRels ?? rels)).chain((head) => {
    const sameOrLower = rels.filter((r) => r.level <= head.level);
    const lower = rels.filter((r) => r.level < head.level);
    return fc
      .record({
        pos: fc.array(literal(sameOrLower), { minLength: positive.min, maxLength: positive.max }),
        neg: lower.length > 0 ? fc.array(literal(lower), { maxLength: 2 }) : fc.constant([]),
        distinct: fc.boolean(),
        headPick: fc.array(fc.nat(), { minLength: head.arity, maxLength: head.arity }),
        negPick: fc.array(fc.nat(), { minLength: picks, maxLength: picks }),
      })
      .map(({ pos, neg, distinct, headPick, negPick }) => {
        const bound = [...new Set(pos.flatMap((l) => l.args.flatMap(varsOf)))];
        const pick = (n: number, i: number) => (bound.length > 0 ? (bound[n % bound.length] as string) : (consts[i % consts.length] as string));
        const headArgs = headPick.map((n, i) => (spec.headArg ? spec.headArg(n, i, pick) : pick(n, i)));
        const body = pos.map((l) => atom(l.r.name, l.args));
        let k = 0;
        for (const l of neg) {
          // Every variable of a negated literal is bound by the positive ones.
          const args = l.args.map((a) => a.replace(/\?[a-z]+/g, () => pick(negPick[k++ % picks] as number, k)));
          body.push(`(not ${atom(l.r.name, args)})`);
        }
        if (distinct && bound.length > 0) body.push(`(distinct ${pick(negPick[0] as number, 0)} ${pick(negPick[1] as number, 1)})`);
        return `(<= ${atom(head.name, headArgs)} ${body.join(' ')})`;
      });
  });
  const parts = fc.record({
    facts: fc.array(fact, { maxLength: spec.facts }),
    rules: fc.array(rule, { minLength: rules.min, maxLength: rules.max }),
  });
  return {
    fact,
    rule,
    parts,
    program: parts.map(({ facts, rules }) => [...facts, ...rules].join('\n')),
    levelOf: (pred) => rels.find((r) => r.name === pred)?.level ?? 0,
  };
}
