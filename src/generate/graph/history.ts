/**
 * The history of a graph generation as datascript transactions (src/store):
 * one transaction per rewrite, metadata `{stage, rule, step, seed}`, one entity:
 *
 *   "step/index"  0, 1, ... over the whole generation
 *   "step/stage"  the stage's name     "step/rule" the rule's name
 *   "step/iter"   the iteration within the stage
 *   "step/sites"  how many match sites every allowed rule had (the draw's size)
 *   "step/match"  JSON {LHS id: graph node id}
 *   "step/added-nodes" "step/removed-nodes"  JSON [{id, label}]
 *   "step/added-edges" "step/removed-edges"  JSON [{v, w, label}]
 *
 * e.g. which rule made node 7:
 *   [:find ?r :where [?s "step/rule" ?r] [?s "step/added-nodes" ?a]]  (then read ?a)
 */
import { History } from '../history.js';
import type { GraphEdge, GraphNode } from './types.js';

export interface GraphStep {
  stage: string;
  rule: string;
  iter: number;
  sites: number;
  match: Record<string, string>;
  addedNodes: GraphNode[];
  removedNodes: GraphNode[];
  addedEdges: GraphEdge[];
  removedEdges: GraphEdge[];
}

export class GraphHistory extends History {
  #steps = 0;

  step(s: GraphStep): void {
    this.record(
      [
        {
          'step/index': this.#steps,
          'step/stage': s.stage,
          'step/rule': s.rule,
          'step/iter': s.iter,
          'step/sites': s.sites,
          'step/match': JSON.stringify(s.match),
          'step/added-nodes': JSON.stringify(s.addedNodes),
          'step/removed-nodes': JSON.stringify(s.removedNodes),
          'step/added-edges': JSON.stringify(s.addedEdges),
          'step/removed-edges': JSON.stringify(s.removedEdges),
        },
      ],
      { stage: s.stage, rule: s.rule, step: this.#steps },
    );
    this.#steps++;
  }
}
