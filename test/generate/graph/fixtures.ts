/** .gdl graph grammars shared by the tests of generation (logic.test.ts) and of incremental matching (incremental.test.ts). */

/** Keep, relabel, new nodes, head and tail, removal of what the rewrite does not name, and a second stage. */
export const KEEP_HEAD_TAIL = `(graphstart s)
      (graphrule split 1) (graphlimit split 1)
      (<= (split ?x) (node ?x s))
      (rewrite split (node ?a first) (node ?b second) (edge ?a ?b link))
      (graphrule wrap 1) (graphlimit wrap 1)
      (<= (wrap ?x ?y) (edge ?x ?y link))
      (rewrite wrap (keep ?x) (node ?m middle) (edge ?x ?m "in") (edge ?m ?y out) (node ?y last))
      (graphrule drop 1) (graphstage drop 1)
      (<= (drop ?m) (node ?m middle))
      (rewrite drop (node ?n new) (head ?n ?m) (tail ?n ?m))`;
