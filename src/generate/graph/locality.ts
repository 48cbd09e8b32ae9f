/**
 * Which relations of a .gdl graph grammar can be kept up to date from a
 * rewrite's touched nodes alone (incremental.ts), found once per program.
 *
 * A rewrite touches a set D of nodes: those added, removed or relabelled, and
 * both ends of every edge added, removed or relabelled. A graph fact
 * (node N L), (nodeattr N K V) or (edge A B L) that appears or disappears has
 * every node in its id positions (N; A and B) in D.
 *
 * Each relation is
 *   - static: it reads no graph relation (evaluated once, never changes);
 *   - local, with clauses: sets C of argument positions such that a tuple t
 *     can change only when, for some clause C, every t[p] (p in C) is in D.
 *     A rule's graph literal (positive or under `not`) gives the clause of the
 *     head positions whose variables stand in its id positions; a literal of
 *     a local relation gives, for each of its clauses, the head positions of
 *     the variables standing in the clause's positions. An empty clause (a
 *     literal tied to no head variable, e.g. (not (node ?z boss)) with ?z
 *     free) makes the relation global;
 *   - global: it reads a global relation, a recursive relation that reads the
 *     graph (reachability: one edge can change O(n^2) pairs), or a graph
 *     relation defined by rules. Its answers are found by evaluating the
 *     whole program again after each rewrite.
 */
import type { Program } from '../../program/program.js';
import type { BodyLit, Pattern } from '../../program/rules.js';

export type Locality =
  | { kind: 'static' }
  /**
   * anchors: positions meeting every clause (chosen greedily, few): a tuple
   * that changed has a node of D at one of them, so dropping the tuples with
   * a node of D there, and evaluating the rules with each anchor bound to
   * each node of D, finds every change.
   */
  | { kind: 'local'; clauses: number[][]; anchors: number[] }
  | { kind: 'global'; why: string };

export interface LocalityInfo {
  /** Per relation id. */
  readonly relations: Locality[];
  /** The graph relations node/2, edge/3, nodeattr/3 and their id positions. */
  readonly graph: ReadonlyMap<number, readonly number[]>;
}

export function graphRelationIds(program: Program): Map<number, number[]> {
  return new Map([
    [program.relationId('node', 2), [0]],
    [program.relationId('edge', 3), [0, 1]],
    [program.relationId('nodeattr', 3), [0]],
  ]);
}

export function analyzeLocality(program: Program): LocalityInfo {
  const graph = graphRelationIds(program);
  const strat = program.stratification;
  const n = program.relations.length;
  const out: Locality[] = new Array(n);
  const name = (r: number) => program.relations[r]?.name ?? '?';
  const rulesOf = new Map<number, typeof program.rules>();
  for (const rule of program.rules) rulesOf.set(rule.head.rel, [...(rulesOf.get(rule.head.rel) ?? []), rule]);
  for (const comp of strat.components) {
    const recursive = comp.length > 1 || strat.recursive[comp[0] as number] === 1;
    if (recursive) {
      // reachability and the like: global when the component reads the graph at all
      const reads = comp.some((r) => graph.has(r) || (rulesOf.get(r) ?? []).some((rule) => rule.body.some((l) => (l.kind === 'pos' || l.kind === 'neg') && !comp.includes(l.rel) && out[l.rel]?.kind !== 'static')));
      for (const r of comp) out[r] = reads ? { kind: 'global', why: `${name(r)} is recursive and reads the graph (one edge can change the answers about many nodes)` } : { kind: 'static' };
      continue;
    }
    const rel = comp[0] as number;
    const rules = rulesOf.get(rel) ?? [];
    if (graph.has(rel)) {
      const ids = graph.get(rel) as number[];
      out[rel] = rules.length > 0 ? { kind: 'global', why: `the graph relation ${name(rel)} is defined by rules` } : { kind: 'local', clauses: [ids], anchors: ids };
      continue;
    }
    let readsGraph = false;
    let global: string | undefined;
    const clauses = new Map<string, number[]>();
    for (const rule of rules) {
      const headPositions = new Map<number, number[]>();
      rule.head.args.forEach((p, i) => {
        if (p.t === 'var') headPositions.set(p.slot, [...(headPositions.get(p.slot) ?? []), i]);
      });
      for (const lit of rule.body) {
        if (lit.kind !== 'pos' && lit.kind !== 'neg') continue;
        const dep = out[lit.rel] as Locality;
        if (dep.kind === 'static') continue;
        readsGraph = true;
        if (dep.kind === 'global') {
          global ??= `it reads ${name(lit.rel)}: ${dep.why}`;
          continue;
        }
        for (const clause of dep.clauses) {
          const ps = new Set<number>();
          for (const q of clause) {
            const a = lit.args[q];
            if (a?.t === 'var') for (const p of headPositions.get(a.slot) ?? []) ps.add(p);
          }
          if (ps.size === 0) {
            global ??= `${describe(lit, rule.varNames, program)} shares no node variable with the head (${name(rel)}${rule.head.args.map((p) => ' ' + patternText(p, rule.varNames, program)).join('')})`;
            continue;
          }
          const c = [...ps].sort((x, y) => x - y);
          clauses.set(c.join(','), c);
        }
      }
    }
    if (!readsGraph) out[rel] = { kind: 'static' };
    else if (global !== undefined) out[rel] = { kind: 'global', why: global };
    else {
      const cs = [...clauses.values()];
      out[rel] = { kind: 'local', clauses: cs, anchors: hittingSet(cs) };
    }
  }
  for (let r = 0; r < n; r++) out[r] ??= { kind: 'static' };
  return { relations: out, graph };
}

/** Few positions that meet every clause: greedily the one in most clauses not yet met (ties: the first). */
function hittingSet(clauses: readonly number[][]): number[] {
  const open = [...clauses];
  const out: number[] = [];
  while (open.length > 0) {
    const count = new Map<number, number>();
    for (const c of open) for (const p of c) count.set(p, (count.get(p) ?? 0) + 1);
    let best = -1;
    for (const [p, n] of [...count].sort((a, b) => a[0] - b[0])) if (best < 0 || n > (count.get(best) as number)) best = p;
    out.push(best);
    for (let i = open.length - 1; i >= 0; i--) if ((open[i] as number[]).includes(best)) open.splice(i, 1);
  }
  return out.sort((a, b) => a - b);
}

function patternText(p: Pattern, vars: readonly string[], program: Program): string {
  if (p.t === 'var') return `?${vars[p.slot] ?? p.slot}`;
  if (p.t === 'const') return program.terms.print(p.id);
  return `(${p.functor}${p.args.map((a) => ' ' + patternText(a, vars, program)).join('')})`;
}

function describe(lit: BodyLit & { kind: 'pos' | 'neg' }, vars: readonly string[], program: Program): string {
  const atom = `(${program.relations[lit.rel]?.name ?? '?'}${lit.args.map((a) => ' ' + patternText(a, vars, program)).join('')})`;
  return lit.kind === 'neg' ? `(not ${atom})` : atom;
}
