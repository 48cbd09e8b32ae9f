/**
 * The result of evaluating a program: every relation's tuples, and queries
 * over them that answer in canonical text, sorted (see program/order.ts).
 */
import { GramlogError } from '../errors.js';
import type { Atom, Term } from '../syntax/ast.js';
import { parseLiteral } from '../syntax/parser.js';
import type { Program } from '../program/program.js';
import { KIND_COMPOUND, KIND_CONST, KIND_STR } from '../program/terms.js';
import type { Relation } from './relation.js';
import { printTuples, sortTuples, writeTuples } from './answers.js';
import { record } from '../data/records.js';

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
    /**
     * When evaluated with `provenance`: per relation id, the index in
     * program.rules of the rule that derived each tuple first (by tuple
     * index; a hole for a given fact). See derivationOf in provenance.ts.
     */
    readonly provenance?: ReadonlyArray<readonly number[] | undefined>,
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
    return Array.from(sortTuples(rel, this.program.terms), (t) => rel.tuple(t));
  }

  /** Every fact of the model as canonical text, sorted by relation name, arity, then tuple. */
  facts(): string[] {
    const out: string[] = [];
    const terms = this.program.terms;
    for (const info of this.sortedRelations()) {
      const rel = this.relations[info.id];
      if (!rel || rel.count === 0) continue;
      for (const text of printTuples(rel, terms, info.name, sortTuples(rel, terms))) out.push(text);
    }
    return out;
  }

  /**
   * The lines of `facts()`, each followed by a newline, handed to `write` in
   * chunks (for printing many facts without an array of strings); returns how many.
   */
  writeFacts(write: (text: string) => void): number {
    let n = 0;
    const terms = this.program.terms;
    for (const info of this.sortedRelations()) {
      const rel = this.relations[info.id];
      if (!rel || rel.count === 0) continue;
      writeTuples(rel, terms, info.name, sortTuples(rel, terms), write);
      n += rel.count;
    }
    return n;
  }

  factRows(): FactRow[] {
    const rows: FactRow[] = [];
    const terms = this.program.terms;
    for (const info of this.sortedRelations()) {
      const rel = this.relations[info.id];
      if (!rel || rel.count === 0) continue;
      const order = sortTuples(rel, terms);
      const texts = printTuples(rel, terms, info.name, order);
      order.forEach((t, k) => {
        rows.push({ rel: info.name, args: rel.tuple(t).map((id) => terms.print(id)), text: texts[k] as string });
      });
    }
    return rows;
  }

  private sortedRelations() {
    return [...this.program.relations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.arity - b.arity));
  }

  /** Facts matching a goal atom such as `(ancestor ?x bob)`, as sorted canonical text. */
  query(goal: string | Atom): string[] {
    const atom = typeof goal === 'string' ? parseGoal(goal) : goal;
    const found = this.match(atom);
    return found ? printTuples(found.rel, this.program.terms, atom.pred, found.order) : [];
  }

  /** The lines of `query(goal)`, each followed by a newline, handed to `write` in chunks; returns how many. */
  writeQuery(goal: string | Atom, write: (text: string) => void): number {
    const atom = typeof goal === 'string' ? parseGoal(goal) : goal;
    const found = this.match(atom);
    if (!found) return 0;
    writeTuples(found.rel, this.program.terms, atom.pred, found.order, write);
    return found.order.length;
  }

  /** How many facts match a goal atom: the length of `query(goal)`, without sorting or printing them. */
  count(goal: string | Atom): number {
    const atom = typeof goal === 'string' ? parseGoal(goal) : goal;
    const found = this.hits(atom);
    return found ? (found.hits ? found.hits.length : found.rel.count) : 0;
  }

  /** Variable bindings (canonical text) of each fact matching the goal, in the order of `query`. */
  answers(goal: string | Atom): Array<Record<string, string>> {
    const atom = typeof goal === 'string' ? parseGoal(goal) : goal;
    const found = this.match(atom);
    if (!found) return [];
    const terms = this.program.terms;
    const bound = new Map<string, number>();
    return Array.from(found.order, (t) => {
      bound.clear();
      const tuple = found.rel.tuple(t);
      atom.args.forEach((a, i) => this.matchTerm(a, tuple[i] as number, bound));
      const bindings: Record<string, string> = record();
      for (const [k, v] of bound) bindings[k] = terms.print(v);
      return bindings;
    });
  }

  /** The sorted indexes of the tuples matching the goal, or undefined when its relation does not exist. */
  private match(atom: Atom): { rel: Relation; order: Int32Array } | undefined {
    const found = this.hits(atom);
    return found && { rel: found.rel, order: sortTuples(found.rel, this.program.terms, found.hits) };
  }

  /** The indexes of the tuples matching the goal (undefined: all of them), or undefined when its relation does not exist. */
  private hits(atom: Atom): { rel: Relation; hits: Int32Array | undefined } | undefined {
    const rel = this.relation(atom.pred, atom.args.length);
    if (!rel) return undefined;
    const terms = this.program.terms;
    // Per column: 0 anything, 1 equal to the id want[c], 2 equal to column want[c]
    // (a repeated variable), 3 a compound pattern (matchTerm).
    const arity = rel.arity;
    const how = new Int32Array(arity);
    const want = new Int32Array(arity);
    const firstCol = new Map<string, number>();
    let general = false;
    for (let c = 0; c < arity; c++) {
      const t = atom.args[c] as Term;
      if (t.kind === 'var') {
        const prev = firstCol.get(t.name);
        if (prev === undefined) firstCol.set(t.name, c);
        else {
          how[c] = 2;
          want[c] = prev;
        }
      } else if (t.kind === 'const' || t.kind === 'str') {
        const id = t.kind === 'const' ? terms.findConstant(t.name) : terms.findString(t.value);
        if (id === undefined) return { rel, hits: new Int32Array(0) };
        how[c] = 1;
        want[c] = id;
      } else {
        how[c] = 3;
        general = true;
      }
    }
    let hits: Int32Array | undefined;
    if (how.some((h) => h !== 0)) {
      const keep: number[] = [];
      const bound = new Map<string, number>();
      const data = rel.data;
      for (let t = 0; t < rel.count; t++) {
        const base = t * arity;
        let ok = true;
        for (let c = 0; c < arity && ok; c++) {
          const h = how[c];
          if (h === 1) ok = data[base + c] === want[c];
          else if (h === 2) ok = data[base + c] === data[base + (want[c] as number)];
        }
        if (ok && general) {
          bound.clear();
          for (let c = 0; c < arity && ok; c++) ok = this.matchTerm(atom.args[c] as Term, data[base + c] as number, bound);
        }
        if (ok) keep.push(t);
      }
      hits = Int32Array.from(keep);
    }
    return { rel, hits };
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
