/**
 * A .gdl graph rule whose query has unconnected parts is matched part by
 * part, as a JSON rule's LHS is (match.ts): `(<= (pair ?x ?y) (node ?x a)
 * (node ?y a))` would otherwise derive the n² pairs of a-nodes after every
 * rewrite.
 *
 * At compile time (splitRuleParts) the rule's body is split into its
 * connected components (literals joined by a shared variable; a `distinct`
 * between two matched nodes of different parts joins nothing, since matching
 * is injective anyway; literals tied to no matched node go with the first
 * part). Each part becomes a relation of its own, named `NAME~1`, `NAME~2`...,
 * over its matched nodes, and NAME's own rule is left out of the program. The
 * split is made only when nothing else reads NAME and NAME has exactly one
 * rule.
 *
 * At generation time (PartSites) every part is a rule of the stage's site
 * source like any other (incremental or whole-graph evaluation), the rule's
 * number of sites is the product of its parts' counts (an upper bound), and a
 * draw picks one site per part. A drawn combination whose parts share a node
 * is no site: the draw returns undefined and the caller draws rule and site
 * again, so every real site keeps exactly the chance it had when all sites
 * were listed. Rules whose query is connected draw exactly as before.
 */
import { GramlogError } from '../../errors.js';
import { groupsSharingKeys } from '../../groups.js';
import type { Random } from '../../random.js';
import type { Atom, Literal, Statement, Term } from '../../syntax/ast.js';
import type { SiteSource } from './generate.js';
import { DEFAULT_MAX_COMBINATIONS, type Site } from './match.js';
import type { NodeRec } from './graph.js';
import type { GraphRule, LogicPart } from './types.js';

function termVars(t: Term, into: Set<string>): void {
  if (t.kind === 'var') into.add(t.name);
  else if (t.kind === 'compound') for (const a of t.args) termVars(a, into);
}

function literalVars(l: Literal, into: Set<string>): void {
  switch (l.kind) {
    case 'atom':
      for (const a of l.args) termVars(a, into);
      break;
    case 'not':
      literalVars(l.body, into);
      break;
    case 'or':
      for (const d of l.disjuncts) literalVars(d, into);
      break;
    case 'distinct':
      termVars(l.left, into);
      termVars(l.right, into);
      break;
  }
}

function readsPred(l: Literal, pred: string): boolean {
  switch (l.kind) {
    case 'atom':
      return l.pred === pred;
    case 'not':
      return readsPred(l.body, pred);
    case 'or':
      return l.disjuncts.some((d) => readsPred(d, pred));
    case 'distinct':
      return false;
  }
}

/**
 * The statements with each graph rule of unconnected parts replaced by one
 * rule per part, and the parts of each rule split (by rule name).
 */
export function splitRuleParts(statements: readonly Statement[], ruleNames: readonly string[]): { statements: Statement[]; parts: Map<string, LogicPart[]> } {
  const parts = new Map<string, LogicPart[]>();
  const preds = new Set(statements.map((s) => s.head.pred));
  const replaced = new Map<Statement, Statement[]>();
  for (const name of new Set(ruleNames)) {
    const defs = statements.filter((s) => s.head.pred === name);
    if (defs.length !== 1) continue;
    const def = defs[0] as Statement;
    if (!def.isRule || def.body.length < 2) continue;
    if (statements.some((s) => s.body.some((l) => readsPred(l, name)))) continue;
    const head = def.head.args;
    if (head.length < 2 || !head.every((t) => t.kind === 'var')) continue;
    const vars = head.map((t) => (t as { name: string }).name);
    if (new Set(vars).size !== vars.length) continue;
    const headVars = new Set(vars);
    // the body's literals in groups joined by shared variables
    const body = def.body;
    const owner = new Map<string, number>();
    // a distinct between two matched nodes: implied by injective matching, joins nothing
    const between = (l: Literal): l is Literal & { kind: 'distinct'; left: { name: string }; right: { name: string } } =>
      l.kind === 'distinct' && l.left.kind === 'var' && l.right.kind === 'var' && headVars.has(l.left.name) && headVars.has(l.right.name);
    const litVars = body.map((l) => {
      const vs = new Set<string>();
      if (between(l)) return vs;
      literalVars(l, vs);
      return vs;
    });
    const groupOf: number[] = [];
    groupsSharingKeys(litVars).forEach((g, k) => g.forEach((i) => (groupOf[i] = k)));
    litVars.forEach((vs, i) => vs.forEach((v) => owner.has(v) || owner.set(v, i)));
    // every matched node must be bound by some literal (else the engine reports the rule as it is)
    if (!vars.every((v) => owner.has(v))) continue;
    const compOfVar = (v: string) => groupOf[owner.get(v) as number] as number;
    const comps: number[] = [];
    for (const v of vars) if (!comps.includes(compOfVar(v))) comps.push(compOfVar(v));
    if (comps.length < 2) continue;
    const lits = comps.map(() => [] as Literal[]);
    body.forEach((l, i) => {
      let k: number;
      if (between(l)) {
        // kept where both nodes are, dropped (implied) across parts
        const a = comps.indexOf(compOfVar(l.left.name));
        const b = comps.indexOf(compOfVar(l.right.name));
        if (a !== b) return;
        k = a;
      } else {
        k = comps.indexOf(groupOf[i] as number);
        if (k < 0) k = 0; // tied to no matched node: a condition, with the first part
      }
      (lits[k] as Literal[]).push(l);
    });
    const made: LogicPart[] = [];
    const stmts: Statement[] = comps.map((_, k) => {
      let partName = `${name}~${k + 1}`;
      while (preds.has(partName)) partName += '~';
      preds.add(partName);
      const positions = vars.map((v, i) => (comps.indexOf(compOfVar(v)) === k ? i : -1)).filter((i) => i >= 0);
      made.push({ name: partName, positions });
      const partHead: Atom = { ...def.head, pred: partName, args: positions.map((p) => head[p] as Term) };
      return { ...def, head: partHead, body: lits[k] as Literal[] };
    });
    parts.set(name, made);
    replaced.set(def, stmts);
  }
  if (replaced.size === 0) return { statements: [...statements], parts };
  const out: Statement[] = [];
  for (const s of statements) {
    const r = replaced.get(s);
    if (r) out.push(...r);
    else out.push(s);
  }
  return { statements: out, parts };
}

/** The rules a stage's site source matches: each rule, or each part of a rule split into parts. */
export function partRules(rules: readonly GraphRule[]): GraphRule[] {
  const out: GraphRule[] = [];
  for (const rule of rules) {
    const parts = rule.logic?.parts;
    if (!parts) {
      out.push(rule);
      continue;
    }
    const logic = rule.logic as NonNullable<GraphRule['logic']>;
    for (const part of parts) {
      out.push({ ...rule, name: part.name, logic: { ...logic, vars: part.positions.map((p) => logic.vars[p] as string), parts: undefined } });
    }
  }
  return out;
}

/** Whether some rule of the stage is split into parts. */
export function hasParts(rules: readonly GraphRule[]): boolean {
  return rules.some((r) => r.logic?.parts !== undefined);
}

/** The site source of a stage with rules split into parts, over a source of `partRules(rules)`. */
export class PartSites implements SiteSource {
  /** Per rule: its index in the inner source, or its parts' indexes there. */
  private readonly inner: Array<number | number[]> = [];

  constructor(
    private readonly rules: readonly GraphRule[],
    private readonly source: SiteSource,
  ) {
    let k = 0;
    for (const rule of rules) {
      const parts = rule.logic?.parts;
      if (!parts) this.inner.push(k++);
      else this.inner.push(parts.map(() => k++));
    }
  }

  count(rule: number): number {
    const at = this.inner[rule] as number | number[];
    if (typeof at === 'number') return this.source.count(at);
    let c = 1;
    for (const p of at) c *= this.source.count(p);
    return c;
  }

  site(rule: number, index: number): Site {
    const at = this.inner[rule] as number | number[];
    if (typeof at === 'number') return { ...this.source.site(at, index), rule };
    // the index-th combination (the last part varies fastest); may be no site (a shared node)
    const picks = at.map(() => 0);
    let rest = index;
    for (let i = at.length - 1; i >= 0; i--) {
      const n = this.source.count(at[i] as number);
      picks[i] = rest % n;
      rest = Math.floor(rest / n);
    }
    return this.combine(rule, picks) ?? { rule, nodes: [], slot: -1 };
  }

  /** The rule's site made of its parts' sites `picks`, or undefined when they share a node. */
  private combine(rule: number, picks: readonly number[]): Site | undefined {
    const at = this.inner[rule] as number[];
    const parts = (this.rules[rule] as GraphRule).logic?.parts as LogicPart[];
    const nodes = new Array<string>((this.rules[rule] as GraphRule).logic?.vars.length ?? 0);
    for (let i = 0; i < at.length; i++) {
      const s = this.source.site(at[i] as number, picks[i] as number);
      const positions = (parts[i] as LogicPart).positions;
      for (let j = 0; j < positions.length; j++) nodes[positions[j] as number] = s.nodes[j] as string;
    }
    for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) if (nodes[i] === nodes[j]) return undefined;
    return { rule, nodes, slot: -1 };
  }

  draw(rule: number, random: Random): Site | undefined {
    const at = this.inner[rule] as number | number[];
    if (typeof at === 'number') return this.site(rule, random.int(this.source.count(at)));
    const picks = at.map((p) => random.int(this.source.count(p)));
    return this.combine(rule, picks);
  }

  /** Every site of the rule, listed: for a rule of parts, every combination looked at, at most `budget` (graph/site-budget). */
  exact(rule: number, budget = DEFAULT_MAX_COMBINATIONS): Site[] {
    const at = this.inner[rule] as number | number[];
    const total = this.count(rule);
    if (typeof at === 'number') return Array.from({ length: total }, (_, i) => this.site(rule, i));
    const r = this.rules[rule] as GraphRule;
    if (total > budget) {
      throw new GramlogError(
        'graph/site-budget',
        `rule ${r.name}: its query has ${at.length} unconnected parts whose ${total} combinations are more than the budget of ${budget} to look at, and random draws found none that makes a match (join the parts by a shared variable, or make them match different nodes)`,
        r.origin.span,
      );
    }
    const out: Site[] = [];
    const lens = at.map((p) => this.source.count(p));
    const picks = lens.map(() => 0);
    for (let c = 0; c < total; c++) {
      const site = this.combine(rule, picks);
      if (site) out.push(site);
      for (let i = picks.length - 1; i >= 0; i--) {
        if (++(picks[i] as number) < (lens[i] as number)) break;
        picks[i] = 0;
      }
    }
    return out;
  }

  /** Sites the inner source holds (each part's own sites; never the product). */
  get materialised(): number {
    let n = 0;
    for (const at of this.inner) {
      if (typeof at === 'number') n += this.source.count(at);
      else for (const p of at) n += this.source.count(p);
    }
    return n;
  }

  update(touched: readonly NodeRec[], removed: readonly NodeRec[]): void {
    this.source.update(touched, removed);
  }
}
