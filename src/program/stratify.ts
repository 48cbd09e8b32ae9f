/**
 * Dependency graph of relations, its strongly connected components in
 * evaluation order, and the check that no recursion goes through negation.
 */
import type { Diagnostic } from '../errors.js';
import type { CompiledRule, RelationInfo } from './rules.js';

export interface Stratification {
  /** Components in evaluation order: everything a component reads comes earlier. */
  components: number[][];
  /** Component index of each relation id. */
  componentOf: Int32Array;
  /** Relations that some relation in the same component reads (true recursion). */
  recursive: Uint8Array;
  /** Stratum number of each relation (0 for base relations); +1 across each negation. */
  stratum: Int32Array;
  diagnostics: Diagnostic[];
}

interface Edge {
  to: number;
  negative: boolean;
  rule: CompiledRule;
}

export function stratify(relations: readonly RelationInfo[], rules: readonly CompiledRule[]): Stratification {
  const n = relations.length;
  // Edges go from a head relation to each relation its body reads.
  const edges: Edge[][] = Array.from({ length: n }, () => []);
  for (const rule of rules) {
    for (const lit of rule.body) {
      if (lit.kind === 'pos' || lit.kind === 'neg') {
        (edges[rule.head.rel] as Edge[]).push({ to: lit.rel, negative: lit.kind === 'neg', rule });
      }
    }
  }
  const componentOf = new Int32Array(n).fill(-1);
  const components = stronglyConnected(n, edges, componentOf);
  const recursive = new Uint8Array(n);
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<number>();
  for (let rel = 0; rel < n; rel++) {
    for (const e of edges[rel] as Edge[]) {
      if (componentOf[e.to] !== componentOf[rel]) continue;
      recursive[rel] = 1;
      if (e.negative && !reported.has(componentOf[rel] as number)) {
        reported.add(componentOf[rel] as number);
        const cycle = cyclePath(e.to, rel, edges, componentOf);
        const names = [rel, ...cycle].map((r) => label(relations[r]));
        diagnostics.push({
          code: 'stratification',
          severity: 'error',
          message: `recursion through negation: ${names[0]} depends on (not ${names[1]})${names
            .slice(2)
            .map((x) => ` which depends on ${x}`)
            .join('')}; no stratified meaning exists`,
          span: e.rule.span,
        });
      }
    }
  }
  const stratum = new Int32Array(n);
  for (const comp of components) {
    let s = 0;
    for (const rel of comp) {
      for (const e of edges[rel] as Edge[]) {
        if (componentOf[e.to] === componentOf[rel]) continue;
        s = Math.max(s, (stratum[e.to] as number) + (e.negative ? 1 : 0));
      }
    }
    for (const rel of comp) stratum[rel] = s;
  }
  return { components, componentOf, recursive, stratum, diagnostics };
}

function label(r: RelationInfo | undefined): string {
  return r ? `${r.name}/${r.arity}` : '?';
}

/** A path from `from` to `to` inside one component (breadth first), inclusive of both ends. */
function cyclePath(from: number, to: number, edges: Edge[][], componentOf: Int32Array): number[] {
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i] as number;
    if (cur === to) break;
    for (const e of edges[cur] as Edge[]) {
      if (componentOf[e.to] !== componentOf[from] || prev.has(e.to)) continue;
      prev.set(e.to, cur);
      queue.push(e.to);
    }
  }
  const path: number[] = [];
  for (let cur: number | undefined = to; cur !== undefined && cur !== -1; cur = prev.get(cur)) {
    path.unshift(cur);
    if (cur === from) break;
  }
  // Path runs from..to; the cycle reads to -> from (negated) -> ... -> to.
  return path;
}

/**
 * Iterative Tarjan over a graph given as out-edge lists; fills componentOf and
 * returns the components in reverse topological order of the edges, i.e.
 * dependencies first.
 */
export function stronglyConnected(
  n: number,
  edges: ReadonlyArray<ReadonlyArray<{ to: number }>>,
  componentOf: Int32Array,
): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: Array<[number, number]> = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [v, i] = frame;
      if (i === 0 && index[v] === -1) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      const out = edges[v] ?? [];
      if (i < out.length) {
        frame[1] = i + 1;
        const w = (out[i] as { to: number }).to;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v] as number, index[w] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[v] as number);
      if (low[v] === index[v]) {
        const comp: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
          componentOf[w] = components.length;
          comp.push(w);
        } while (w !== v);
        components.push(comp.sort((a, b) => a - b));
      }
    }
  }
  return components;
}
