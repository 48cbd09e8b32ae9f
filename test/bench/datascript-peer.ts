/**
 * The engine benchmark's datascript peer: the same programs evaluated by datascript's own
 * recursive rules (`q` with a `%` rule set). This is benchmark code, not library code, so it
 * calls datascript directly; the library's `Store` refuses rules on purpose.
 *
 * Formulation: every edge (or parent link) is one entity with two attributes, `"from"`/`"to"`
 * (or `"parent"`/`"child"`), loaded with `init_db`. Rules are right-recursive: datascript's
 * evaluation does not terminate on left recursion (`(path ?x ?z) (path ?x ?y) …`).
 * Each function returns the number of tuples of the goal relation, to compare with the engine.
 */
import ds from 'datascript';
import type { DB, DatomLiteral } from 'datascript';

type Pair = readonly [number, number];

/** One entity per pair (`left`, `right` attributes), then one entity per `extra` attribute/value. */
function pairsDb(pairs: readonly Pair[], left: string, right: string, extra: ReadonlyArray<readonly [string, unknown]> = []): DB {
  const datoms: DatomLiteral[] = [];
  let e = 0;
  for (const [a, b] of pairs) {
    e++;
    datoms.push([e, left, a], [e, right, b]);
  }
  for (const [a, v] of extra) datoms.push([++e, a, v]);
  return ds.init_db(datoms);
}

function count(result: unknown): number {
  return Array.isArray(result) ? result.length : 0;
}

const PATH_RULES = `[[(path ?x ?y) [?e "from" ?x] [?e "to" ?y]]
  [(path ?x ?y) [?e "from" ?x] [?e "to" ?z] (path ?z ?y)]]`;

/**
 * Transitive closure: `path(x, y) :- edge(x, y). path(x, y) :- edge(x, z), path(z, y).`
 * Returns the number of path tuples (a 50-node chain: 1225).
 */
export function datascriptClosure(edges: Array<[number, number]>): number {
  const db = pairsDb(edges, 'from', 'to');
  return count(ds.q('[:find ?x ?y :in $ % :where (path ?x ?y)]', db, PATH_RULES));
}

/**
 * Same generation on parent links `[parent, child]`, the benchmark's program:
 * `sg(x, x) :- par(p, x). sg(x, y) :- par(a, x), sg(a, b), par(b, y).`
 * Returns the number of sg tuples.
 */
export function datascriptSameGeneration(parentPairs: Array<[number, number]>): number {
  const db = pairsDb(parentPairs, 'parent', 'child');
  // sg(x, x): both patterns on the same link entity, so the clause binds ?y whether or not it
  // arrives bound (a function binding such as [(identity ?x) ?y] would not).
  const rules = `[[(sg ?x ?y) [?e "child" ?x] [?e "child" ?y]]
    [(sg ?x ?y) [?e "child" ?x] [?e "parent" ?a] (sg ?a ?b) [?f "parent" ?b] [?f "child" ?y]]]`;
  return count(ds.q('[:find ?x ?y :in $ % :where (sg ?x ?y)]', db, rules));
}

/**
 * Stratified negation over a recursive relation, the benchmark's program on nodes 0..nodes-1:
 * `reach(0). reach(y) :- reach(x), edge(x, y). unreach(x) :- node(x), not reach(x).`
 * Returns the number of unreach tuples (nodes not reachable from node 0).
 */
export function datascriptNegation(edges: Array<[number, number]>, nodes: number): number {
  const nodeFacts = Array.from({ length: nodes }, (_, i) => ['node', i] as const);
  const db = pairsDb(edges, 'from', 'to', nodeFacts);
  // reach(s, y): y = s or a path from s to y. Inside `not` both variables are bound.
  const rules = `[[(reach ?s ?y) [(= ?s ?y)]]
    [(reach ?s ?y) (path ?s ?y)]
    [(path ?x ?y) [?e "from" ?x] [?e "to" ?y]]
    [(path ?x ?y) [?e "from" ?x] [?e "to" ?z] (path ?z ?y)]]`;
  return count(ds.q('[:find ?n :in $ % ?s :where [_ "node" ?n] (not (reach ?s ?n))]', db, rules, 0));
}

/** `npx tsx test/bench/datascript-peer.ts`: check the closure on a 50-node chain and time a 200-node chain. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const chain = (n: number): Array<[number, number]> => Array.from({ length: n - 1 }, (_, i) => [i, i + 1]);
  for (const n of [50, 200]) {
    const t = performance.now();
    const paths = datascriptClosure(chain(n));
    console.log(`datascript closure, ${n}-node chain: ${paths} paths in ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }
}
