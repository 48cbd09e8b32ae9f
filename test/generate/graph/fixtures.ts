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

/** A rule `grow` that adds `t` nodes below the `s` node until there are (param size K) of them (K from 1 to 3). */
export const GROW_TO_SIZE = `(graphrule grow 1)
  (<= (small) (param size ?k) (not (enough ?k)))
  (<= (enough 1) (node ?_a t))
  (<= (enough 2) (node ?a t) (node ?b t) (distinct ?a ?b))
  (<= (enough 3) (node ?a t) (node ?b t) (node ?c t) (distinct ?a ?b) (distinct ?a ?c) (distinct ?b ?c))
  (<= (grow ?x) (node ?x s) (small))
  (rewrite grow (keep ?x) (node ?n t) (edge ?x ?n e))`;
