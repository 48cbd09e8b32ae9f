/**
 * A generated graph as one-line JSON
 * `{"format":"generate-graph/4","seed","nodes":[{"id","label"}],"edges":[{"v","w","label"}],"steps","violations"?,"violationRules"?}`,
 * as Graphviz DOT (graphgram's `dot` label attributes honoured, the ones
 * that say how a node or edge looks: DOT_ATTRIBUTES), or as text.
 */
import type { GraphArtifact } from './generate.js';
import type { Label } from './labels.js';
import { dataAt } from '../../data/records.js';
import { formatTag } from '../../json/formats.js';
import { violationsJson, type RuleAt, type ViolationListing } from '../violations.js';

export interface GraphJson {
  format: string;
  seed: number | string;
  nodes: Array<{ id: string; label: Label }>;
  edges: Array<{ v: string; w: string; label: Label }>;
  steps: number;
  violations?: string[];
  violationRules?: Array<RuleAt | null>;
}

export function graphJson(a: GraphArtifact, violations: readonly string[] | ViolationListing = []): GraphJson {
  const out: GraphJson = {
    format: formatTag('generate-graph'),
    seed: a.seed,
    nodes: a.nodes.map((n) => ({ id: n.id, label: n.label ?? null })),
    edges: a.edges.map((e) => ({ v: e.v, w: e.w, label: e.label ?? null })),
    steps: a.steps,
  };
  return { ...out, ...violationsJson(violations) };
}

export function formatGraphJson(a: GraphArtifact, violations: readonly string[] | ViolationListing = []): string {
  return JSON.stringify(graphJson(a, violations)) + '\n';
}

/**
 * A DOT quoted string. Characters XML 1.0 does not allow (C0 controls but tab,
 * newline and carriage return; U+FFFE, U+FFFF) are dropped: Graphviz copies a
 * label into its SVG as is, and one U+0001 makes the file not well-formed.
 */
function dotString(s: string): string {
  // eslint-disable-next-line no-control-regex
  return '"' + s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';
}

/**
 * The Graphviz attributes a label's `dot` object may set: how a node or edge
 * looks. Any other (URL, href, labelURL, target, image, id ...) is dropped: a
 * label is data, and those would put links or file names into the SVG.
 */
export const DOT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'label', 'xlabel', 'headlabel', 'taillabel', 'shape', 'style', 'color', 'fillcolor', 'fontcolor', 'fontname', 'fontsize', 'penwidth',
  'width', 'height', 'fixedsize', 'peripheries', 'sides', 'margin', 'arrowhead', 'arrowtail', 'arrowsize', 'dir', 'weight', 'minlen', 'constraint', 'group',
]);

/** The label as text a reader takes in: a string as is, anything else as compact JSON. */
export function labelText(label: Label): string {
  if (label === undefined || label === null) return '';
  return typeof label === 'string' ? label : String(JSON.stringify(label));
}

function dotAttrs(label: Label): string {
  const dot = dataAt(label, 'dot');
  if (!Array.isArray(label) && typeof dot === 'object' && dot !== null && !Array.isArray(dot)) {
    const attrs = Object.keys(dot)
      .filter((k) => DOT_ATTRIBUTES.has(k))
      .map((k) => {
        const v = dataAt(dot, k);
        return `${k}=${dotString(typeof v === 'string' ? v : String(JSON.stringify(v)))}`;
      });
    return attrs.length ? ` [${attrs.join(',')}]` : '';
  }
  const text = labelText(label);
  return text === '' ? '' : ` [label=${dotString(text)}]`;
}

export function formatGraphDot(a: GraphArtifact, violations: readonly string[] = []): string {
  const lines = [`// gramlog generate ${a.grammar.file} --seed ${String(a.seed)}: ${a.nodes.length} nodes, ${a.edges.length} edges, ${a.steps} rewrites`];
  for (const v of violations) lines.push(`// violation: ${v}`);
  lines.push('digraph G {');
  for (const n of a.nodes) lines.push(`  ${dotString(n.id)}${dotAttrs(n.label)};`);
  for (const e of a.edges) lines.push(`  ${dotString(e.v)} -> ${dotString(e.w)}${dotAttrs(e.label)};`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

export function formatGraphText(a: GraphArtifact): string {
  const lines = [`seed ${String(a.seed)}: ${a.nodes.length} nodes, ${a.edges.length} edges, ${a.steps} rewrites`];
  for (const n of a.nodes) {
    const out = a.edges.filter((e) => e.v === n.id);
    lines.push(`${n.id} ${labelText(n.label)}`);
    for (const e of out) lines.push(`  -> ${e.w}${e.label === undefined || e.label === null ? '' : ' ' + labelText(e.label)}`);
  }
  return lines.join('\n') + '\n';
}
