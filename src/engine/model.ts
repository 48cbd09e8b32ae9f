/**
 * The result of evaluating a program: every relation's tuples, and queries
 * over them that answer in canonical text, sorted (see program/order.ts).
 */
import { GramlogError } from '../errors.js';
import type { Atom, Term } from '../syntax/ast.js';
import { parseLiteral } from '../syntax/parser.js';
import type { Program } from '../program/program.js';
import { compareTuples, printAtom } from '../program/order.js';
import { KIND_COMPOUND, KIND_CONST, KIND_STR } from '../program/terms.js';
import type { Relation } from './relation.js';

export interface FactRow {
  rel: string;
  args: string[];
  text: string;
}

export class Model {
  constructor(
    readonly program: Program,
    /** Indexed by relation id (see program.relations). */
    readonly relations: readonly Relation[],
  ) {}

  /** The relation name/arity, or undefined when the program never mentions it. */
  relation(name: string, arity: number): Relation | undefined {
    const info = this.program.findRelation(name, arity);
    return info ? this.relations[info.id] : undefined;
  }

  /** Total number of facts in the model. */
  get size(): number {
    let n = 0;
    for (const r of this.relations) n += r.count;
    return n;
  }

  /** The tuples of name/arity, sorted. */
  tuples(name: string, arity: number): number[][] {
    const rel = this.relation(name, arity);
    if (!rel) return [];
    const out = [...rel.tuples()];
    return out.sort((a, b) => compareTuples(this.program.terms, a, b));
  }

  /** Every fact of the model as canonical text, sorted by relation name, arity, then tuple. */
  facts(): string[] {
    return this.factRows().map((r) => r.text);
  }

  factRows(): FactRow[] {
    const infos = [...this.program.relations].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.arity - b.arity,
    );
    const rows: FactRow[] = [];
    const terms = this.program.terms;
    for (const info of infos) {
      for (const t of this.tuples(info.name, info.arity)) {
        rows.push({ rel: info.name, args: t.map((id) => terms.print(id)), text: printAtom(terms, info.name, t) });
      }
    }
    return rows;
  }

  /** Facts matching a goal atom such as `(ancestor ?x bob)`, as sorted canonical text. */
  query(goal: string | Atom): string[] {
    return this.match(goal).map((m) => m.text);
  }

  /** Variable bindings (canonical text) of each fact matching the goal, in the order of `query`. */
  answers(goal: string | Atom): Array<Record<string, string>> {
    return this.match(goal).map((m) => m.bindings);
  }

  private match(goal: string | Atom): Array<{ text: string; bindings: Record<string, string> }> {
    const atom = typeof goal === 'string' ? parseGoal(goal) : goal;
    const rel = this.relation(atom.pred, atom.args.length);
    if (!rel) return [];
    const terms = this.program.terms;
    const hits: number[][] = [];
    const bound = new Map<string, number>();
    for (const tuple of rel.tuples()) {
      bound.clear();
      if (atom.args.every((t, i) => this.matchTerm(t, tuple[i] as number, bound))) hits.push(tuple);
    }
    hits.sort((a, b) => compareTuples(terms, a, b));
    return hits.map((tuple) => {
      bound.clear();
      atom.args.forEach((t, i) => this.matchTerm(t, tuple[i] as number, bound));
      const bindings: Record<string, string> = {};
      for (const [k, v] of bound) bindings[k] = terms.print(v);
      return { text: printAtom(terms, atom.pred, tuple), bindings };
    });
  }

  private matchTerm(t: Term, id: number, bound: Map<string, number>): boolean {
    const terms = this.program.terms;
    switch (t.kind) {
      case 'var': {
        const prev = bound.get(t.name);
        if (prev === undefined) {
          bound.set(t.name, id);
          return true;
        }
        return prev === id;
      }
      case 'const':
        return terms.kind(id) === KIND_CONST && terms.name(id) === t.name;
      case 'str':
        return terms.kind(id) === KIND_STR && terms.name(id) === t.value;
      case 'compound':
        if (terms.kind(id) !== KIND_COMPOUND || terms.name(id) !== t.functor || terms.arity(id) !== t.args.length) {
          return false;
        }
        return t.args.every((a, i) => this.matchTerm(a, terms.arg(id, i), bound));
    }
  }
}

function parseGoal(text: string): Atom {
  const lit = parseLiteral(text, { file: '<goal>' });
  if (lit.kind !== 'atom') {
    throw new GramlogError('query/goal', 'a goal must be an atom such as (ancestor ?x ?y), not a not/or/distinct', lit.span);
  }
  return lit;
}
