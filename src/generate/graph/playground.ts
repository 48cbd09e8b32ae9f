/**
 * Graph grammars (`gramlog generate` on a JSON graph grammar or a .gdl file
 * with `(graphrule ...)`): the generated graph with every rewrite step (so
 * the page can replay them one by one), violations, explain, a gallery and
 * the check button. The page lays the graph out with Graphviz (view.ts).
 */
import { compileInput, galleryCount, memo } from '../playground/common.js';
import type { GraphStyleGrammar } from './style.js';
import {
  explainGraph,
  formatGraphDot,
  formatGraphJson,
  graphViolations,
  isJsonText,
  labelText,
  type GraphArtifact,
} from './index.js';
import { fromJson, historyOf } from '../history.js';
import type { Style } from '../style.js';
import type { PanelInput, StylePanel } from '../style/playground.js';
import { generated } from '../playground/satisfy.js';
import { violationTexts } from '../violations.js';

export interface GraphItem {
  id: string;
  label: string;
}
export interface GraphLink {
  v: string;
  w: string;
  label: string;
}

export interface GraphStepData {
  stage: string;
  rule: string;
  addedNodes: GraphItem[];
  removedNodes: GraphItem[];
  addedEdges: GraphLink[];
  removedEdges: GraphLink[];
}

export interface GraphData {
  seed: number | string;
  nodes: GraphItem[];
  edges: GraphLink[];
  /** Every rewrite, in order: the graph before step k is the final one with steps k.. undone. */
  steps: GraphStepData[];
  violations: string[];
  json: string;
  dot: string;
}

type GraphStyle = Style<GraphStyleGrammar, GraphArtifact>;

const grammars = memo<GraphStyleGrammar>(4);

function grammarOf(style: GraphStyle, input: PanelInput): GraphStyleGrammar {
  return grammars(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    compileInput(style, { ...input, params: isJsonText(input.text) ? {} : input.params }),
  );
}

const item = (n: { id: string; label: unknown }): GraphItem => ({ id: n.id, label: labelText(n.label) });
const link = (e: { v: string; w: string; label: unknown }): GraphLink => ({ v: e.v, w: e.w, label: e.label === undefined || e.label === null ? '' : labelText(e.label) });

const ATTRS = ['index', 'stage', 'rule', 'added-nodes', 'removed-nodes', 'added-edges', 'removed-edges'] as const;

/** The rewrites of an artifact generated with `explain`, in order, from its history store. */
function stepsOf(a: GraphArtifact): GraphStepData[] {
  const find = ATTRS.map((x) => `?${x.replace('-', '_')}`).join(' ');
  const where = ATTRS.map((x) => `[?s "step/${x}" ?${x.replace('-', '_')}]`).join(' ');
  const rows = historyOf(a).store.query(`[:find ${find} :where ${where}]`).sort((x, y) => (x[0] as number) - (y[0] as number));
  return rows.map(([, stage, rule, an, rn, ae, re]) => ({
    stage: String(stage),
    rule: String(rule),
    addedNodes: fromJson<Array<{ id: string; label: unknown }>>(an).map(item),
    removedNodes: fromJson<Array<{ id: string; label: unknown }>>(rn).map(item),
    addedEdges: fromJson<Array<{ v: string; w: string; label: unknown }>>(ae).map(link),
    removedEdges: fromJson<Array<{ v: string; w: string; label: unknown }>>(re).map(link),
  }));
}

function graphData(style: GraphStyle, grammar: GraphStyleGrammar, seed: number | string, withSteps: boolean, input: PanelInput): GraphData {
  const a = generated(style, grammar, input, seed, { explain: withSteps });
  // each fact shown with the rule that derived it, as the CLI lists them
  const found = graphViolations(a);
  return {
    seed,
    nodes: a.nodes.map(item),
    edges: a.edges.map(link),
    steps: withSteps ? stepsOf(a) : [],
    violations: violationTexts(found),
    json: formatGraphJson(a, found),
    dot: formatGraphDot(a, found.facts),
  };
}

/** The worker half of the graph-grammar panel (the style's playground part; its page half: src/web/views). */
export const graphPanel: StylePanel<GraphData, GraphStyleGrammar, GraphArtifact> = {
  compute(input, _progress, { style, check }) {
    const grammar = grammarOf(style, input);
    switch (input.action) {
      case 'main':
        return graphData(style, grammar, input.seed, true, input);
      case 'explain':
        return explainGraph(generated(style, grammar, input, input.seed, { explain: true })) as never;
      case 'gallery': {
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: galleryCount(input.arg) }, (_, i) => graphData(style, grammar, base + i, false, input)) as never;
      }
      case 'check':
        return check(grammar.grammar) as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
