/**
 * The engine benchmark's workloads, each as a gramlog program text, an ASP
 * program text for clingo/gringo, and edge/parent lists for datascript.
 * Generated deterministically from the seeded random source.
 */
import { createRandom } from '../../src/random.js';

export interface Workload {
  name: string;
  /** gramlog rule text. */
  kif: string;
  /** The same program for gringo. */
  asp: string;
  /** The relation whose size is reported. */
  goal: { name: string; arity: number };
  /** The same program for SWI-Prolog with tabling: defines main/0, which prints the goal's count. */
  pl: string;
  /** The rules alone (gramlog), with the facts as tables (relation -> rows) for --facts / readFactTable. */
  rules: string;
  tables: Record<string, Array<readonly (number | string)[]>>;
  /** Inputs for the datascript peer, when it can run this workload. */
  edges?: Array<[number, number]>;
  parents?: Array<[number, number]>;
  negation?: { edges: Array<[number, number]>; nodes: number };
}

const TC_KIF = `(<= (path ?x ?y) (edge ?x ?y))
(<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))`;
const TC_ASP = `path(X,Y) :- edge(X,Y).
path(X,Z) :- path(X,Y), edge(Y,Z).`;
const TC_PL = `:- table path/2.
path(X,Y) :- edge(X,Y).
path(X,Z) :- path(X,Y), edge(Y,Z).
main :- aggregate_all(count, path(_,_), N), write(N), nl.`;

const plFacts = (name: string, rows: ReadonlyArray<readonly number[]>) => rows.map((r) => `${name}(${r.join(',')}).`).join('\n');

function edgeFacts(edges: Array<[number, number]>): { kif: string; asp: string } {
  return {
    kif: edges.map(([a, b]) => `(edge ${a} ${b})`).join('\n'),
    asp: edges.map(([a, b]) => `edge(${a},${b}).`).join('\n'),
  };
}

export function chain(n: number): Workload {
  const edges: Array<[number, number]> = Array.from({ length: n - 1 }, (_, i) => [i, i + 1]);
  const f = edgeFacts(edges);
  return {
    name: `closure, ${n}-node chain`,
    kif: f.kif + '\n' + TC_KIF,
    asp: f.asp + '\n' + TC_ASP,
    pl: plFacts('edge', edges) + '\n' + TC_PL,
    rules: TC_KIF,
    tables: { edge: edges },
    goal: { name: 'path', arity: 2 },
    edges,
  };
}

export function randomGraph(nodes: number, edgeCount: number, seed = 1): Workload {
  const r = createRandom(seed);
  const seen = new Set<string>();
  const edges: Array<[number, number]> = [];
  while (edges.length < edgeCount) {
    const a = r.int(nodes);
    const b = r.int(nodes);
    const key = `${a},${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([a, b]);
  }
  const f = edgeFacts(edges);
  return {
    name: `closure, random graph ${nodes} nodes ${edgeCount} edges`,
    kif: f.kif + '\n' + TC_KIF,
    asp: f.asp + '\n' + TC_ASP,
    pl: plFacts('edge', edges) + '\n' + TC_PL,
    rules: TC_KIF,
    tables: { edge: edges },
    goal: { name: 'path', arity: 2 },
    edges,
  };
}

/** Same generation on a complete tree of the given fan-out and depth. */
export function sameGeneration(fanout: number, depth: number): Workload {
  const parents: Array<[number, number]> = [];
  let frontier = [0];
  let next = 1;
  for (let d = 0; d < depth; d++) {
    const level: number[] = [];
    for (const p of frontier) {
      for (let k = 0; k < fanout; k++) {
        parents.push([p, next]);
        level.push(next++);
      }
    }
    frontier = level;
  }
  const rules = `(<= (sg ?x ?x) (par ?p ?x))
(<= (sg ?x ?y) (par ?a ?x) (sg ?a ?b) (par ?b ?y))`;
  const kif = parents.map(([p, c]) => `(par ${p} ${c})`).join('\n') + '\n' + rules;
  const pl =
    plFacts('par', parents) +
    `\n:- table sg/2.
sg(X,X) :- par(_,X).
sg(X,Y) :- par(A,X), sg(A,B), par(B,Y).
main :- aggregate_all(count, sg(_,_), N), write(N), nl.`;
  const asp =
    parents.map(([p, c]) => `par(${p},${c}).`).join('\n') +
    `\nsg(X,X) :- par(P,X).
sg(X,Y) :- par(A,X), sg(A,B), par(B,Y).`;
  return {
    name: `same generation, tree fan-out ${fanout} depth ${depth}`,
    kif,
    asp,
    pl,
    rules,
    tables: { par: parents },
    goal: { name: 'sg', arity: 2 },
    parents,
  };
}

/** Nodes not reachable from node 0 (stratified negation over a recursive relation). */
export function negation(nodes: number, edgeCount: number, seed = 2): Workload {
  const g = randomGraph(nodes, edgeCount, seed);
  const edges = g.edges as Array<[number, number]>;
  const nodeFacts = Array.from({ length: nodes }, (_, i) => i);
  const rules = `(<= (reach 0))
(<= (reach ?y) (reach ?x) (edge ?x ?y))
(<= (unreach ?x) (node ?x) (not (reach ?x)))
(<= (cut ?x ?y) (edge ?x ?y) (reach ?x) (unreach ?y))
(<= (pair ?x ?y) (unreach ?x) (unreach ?y) (edge ?x ?y))`;
  const kif = edgeFacts(edges).kif + '\n' + nodeFacts.map((i) => `(node ${i})`).join('\n') + '\n' + rules;
  const pl =
    plFacts('edge', edges) +
    '\n' +
    plFacts('node', nodeFacts.map((i) => [i])) +
    `\n:- table reach/1.
reach(0).
reach(Y) :- reach(X), edge(X,Y).
unreach(X) :- node(X), \\+ reach(X).
main :- aggregate_all(count, unreach(_), N), write(N), nl.`;
  const asp =
    edgeFacts(edges).asp +
    '\n' +
    nodeFacts.map((i) => `node(${i}).`).join('\n') +
    `\nreach(0).
reach(Y) :- reach(X), edge(X,Y).
unreach(X) :- node(X), not reach(X).
cut(X,Y) :- edge(X,Y), reach(X), unreach(Y).
pair(X,Y) :- unreach(X), unreach(Y), edge(X,Y).`;
  return {
    name: `stratified negation, ${nodes} nodes ${edgeCount} edges`,
    kif,
    asp,
    pl,
    rules,
    tables: { edge: edges, node: nodeFacts.map((i) => [i]) },
    goal: { name: 'unreach', arity: 1 },
    negation: { edges, nodes },
  };
}

/**
 * All-pairs stratified negation: the pairs of nodes of a random graph with no
 * path between them (closure, then negation over every pair of nodes).
 */
export function allPairsNegation(nodes: number, edgeCount: number, seed = 3): Workload {
  const g = randomGraph(nodes, edgeCount, seed);
  const edges = g.edges as Array<[number, number]>;
  const nodeRows = Array.from({ length: nodes }, (_, i) => [i]);
  const rules = `${TC_KIF}
(<= (nopath ?x ?y) (node ?x) (node ?y) (not (path ?x ?y)))`;
  const f = edgeFacts(edges);
  return {
    name: `all-pairs negation, ${nodes} nodes ${edgeCount} edges`,
    kif: f.kif + '\n' + nodeRows.map(([i]) => `(node ${i})`).join('\n') + '\n' + rules,
    asp: f.asp + '\n' + nodeRows.map(([i]) => `node(${i}).`).join('\n') + '\n' + TC_ASP + '\nnopath(X,Y) :- node(X), node(Y), not path(X,Y).',
    pl:
      plFacts('edge', edges) +
      '\n' +
      plFacts('node', nodeRows) +
      `\n:- table path/2 as subsumptive.
path(X,Y) :- edge(X,Y).
path(X,Z) :- path(X,Y), edge(Y,Z).
nopath(X,Y) :- node(X), node(Y), \\+ path(X,Y).
main :- aggregate_all(count, path(_,_), _), aggregate_all(count, nopath(_,_), N), write(N), nl.`,
    rules,
    tables: { edge: edges, node: nodeRows },
    goal: { name: 'nopath', arity: 2 },
  };
}
