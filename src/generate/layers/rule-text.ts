/**
 * Compiled rules back to rule text, with relations renamed and literals
 * dropped or added: the analyses build derived programs this way (the
 * possibility model, the read provenance, the worst-case bounds) and evaluate
 * them with the engine, so every analysis is a query over the rules.
 */
import { GramlogError } from '../../errors.js';
import { printAtom } from '../../program/order.js';
import { buildProgram, type Program } from '../../program/program.js';
import type { BodyLit, CompiledRule, Pattern } from '../../program/rules.js';
import { KIND_CONST, KIND_STR } from '../../program/terms.js';
import { parse } from '../../syntax/parser.js';

export function patternText(program: Program, rule: CompiledRule, p: Pattern): string {
  switch (p.t) {
    case 'const':
      return program.terms.print(p.id);
    case 'var':
      return '?' + (rule.varNames[p.slot] ?? `v${p.slot}`);
    case 'fn':
      return p.args.length === 0 ? `(${p.functor})` : `(${p.functor} ${p.args.map((a) => patternText(program, rule, a)).join(' ')})`;
  }
}

export function atomText(name: string, args: readonly string[]): string {
  return args.length === 0 ? name : `(${name} ${args.join(' ')})`;
}

export function relName(program: Program, rel: number): string {
  return (program.relations[rel] as { name: string }).name;
}

/** A body literal as text; `name` overrides the relation name of pos/neg literals. */
export function literalText(program: Program, rule: CompiledRule, lit: BodyLit, name?: string): string {
  const pt = (p: Pattern) => patternText(program, rule, p);
  switch (lit.kind) {
    case 'pos':
      return atomText(name ?? relName(program, lit.rel), lit.args.map(pt));
    case 'neg':
      return `(not ${atomText(name ?? relName(program, lit.rel), lit.args.map(pt))})`;
    case 'distinct':
      return `(distinct ${pt(lit.left)} ${pt(lit.right)})`;
    case 'same':
      return `(not (distinct ${pt(lit.left)} ${pt(lit.right)}))`;
    case 'builtin': {
      const a = atomText(lit.op, lit.args.map(pt));
      return lit.negated ? `(not ${a})` : a;
    }
  }
}

export function ruleText(head: string, body: readonly string[]): string {
  return body.length === 0 ? `(<= ${head})` : `(<= ${head} ${body.join(' ')})`;
}

/** Every program fact as text, relation names mapped by `name` (null: leave the fact out). */
export function factsText(program: Program, name: (rel: number) => string | null): string[] {
  const out: string[] = [];
  for (const f of program.facts) {
    const n = name(f.rel);
    if (n !== null) out.push(printAtom(program.terms, n, f.tuple));
  }
  return out;
}

/**
 * Build a program from generated text. Returns the program or, when it has
 * errors (e.g. a derived program that does not stratify), their messages.
 */
export function buildDerived(lines: readonly string[], file: string): { program: Program } | { problem: string } {
  let tree;
  try {
    tree = parse(lines.join('\n'), { file });
  } catch (e) {
    if (e instanceof GramlogError) return { problem: e.message };
    throw e;
  }
  const program = buildProgram(tree, { builtins: true });
  const err = program.errors[0];
  return err ? { problem: err.message } : { program };
}

/** The id in `to` of term `id` of `from` (interning it in `to` if needed). */
export function translateTerm(from: Program, to: Program, id: number): number {
  const t = from.terms;
  switch (t.kind(id)) {
    case KIND_CONST:
      return to.terms.constant(t.name(id));
    case KIND_STR:
      return to.terms.string(t.name(id));
    default:
      return to.terms.compound(
        t.name(id),
        t.args(id).map((a) => translateTerm(from, to, a)),
      );
  }
}

/**
 * The body literals of `rule` that repeat an earlier one word for word (by
 * index): a conjunction says the same without them, and the analyses, which
 * make one derived rule per literal, leave them out (a body of 500 copies of
 * one literal would otherwise make 500 rules of 500 literals each).
 */
export function repeatedLiterals(program: Program, rule: CompiledRule): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  rule.body.forEach((l, j) => {
    const text = literalText(program, rule, l);
    if (seen.has(text)) out.add(j);
    else seen.add(text);
  });
  return out;
}
