/**
 * Tree grammars (`gramlog generate` on a grammar): the tree as SVG
 * (collapsible), the selected node's attributes and its `--explain` steps, a
 * gallery of seeds, violations marked on the tree, downloads of JSON, DOT and
 * SVG, and the check button.
 */
import type { ArtifactNode } from '../../generate/grammar/artifact.js';
import { artifactViolations, compileGrammar, explain, formatDot, formatJson, generateFrom, type Grammar } from '../../generate/grammar/index.js';
import type { Program } from '../../program/program.js';
import { h, section, svgFile } from '../dom.js';
import type { PanelInput } from '../protocol.js';
import { checkSection, computeCheck } from './check.js';
import { collect, loadChecked, memo } from './common.js';
import type { Panel, PanelHost } from './panel.js';
import { drawTree, TREE_CSS, violatedIds } from './tree-svg.js';

export interface TreeData {
  seed: number | string;
  root: ArtifactNode;
  nodeCount: number;
  violations: string[];
}

export interface GrammarData extends TreeData {
  json: string;
  dot: string;
}

const grammars = memo<Grammar>(4);

function grammarOf(input: PanelInput): Grammar {
  return grammars(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    compileGrammar(loadChecked(input.text, input.file), { params: input.params }),
  );
}

function tree(grammar: Grammar, seed: number | string): TreeData {
  const artifact = generateFrom(grammar, seed);
  return { seed, root: artifact.root, nodeCount: artifact.nodeCount, violations: [...artifactViolations(artifact).facts] };
}

/** The lines of `explain` that belong to one node: its header and its pipeline table. */
export function explainNode(text: string, id: string): string {
  const lines = text.split('\n');
  const header = /^\s*(n(?:\/\d+)*)  /;
  const start = lines.findIndex((l) => header.exec(l)?.[1] === id);
  if (start < 0) return '';
  const out = [lines[start]!.trim()];
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (header.test(l) || l.trim() === '') break;
    out.push(l.slice(indent));
  }
  return out.join('\n');
}

export const GALLERY_SIZE = 12;

export const grammarPanel: Panel<GrammarData> = {
  kind: 'grammar',
  label: 'tree grammar',
  controls: { seed: true, params: true, gallery: true, check: true },
  detect(program: Program) {
    return program.relationsNamed('rule').length > 0 || program.relationsNamed('start').length > 0;
  },
  diagnose(text, file) {
    return collect(() => {
      const program = loadChecked(text, file);
      const warnings = program.diagnostics.filter((d) => d.severity === 'warning');
      return [...warnings, ...collect(() => (compileGrammar(program), []))];
    });
  },
  compute(input, progress) {
    const grammar = grammarOf(input);
    switch (input.action) {
      case 'main': {
        const artifact = generateFrom(grammar, input.seed);
        const violations = [...artifactViolations(artifact).facts];
        return { seed: input.seed, root: artifact.root, nodeCount: artifact.nodeCount, violations, json: formatJson(artifact, violations), dot: formatDot(artifact, violations) };
      }
      case 'explain':
        return explainNode(explain(generateFrom(grammar, input.seed, { explain: true })), String(input.arg)) as never;
      case 'gallery': {
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: Number(input.arg ?? GALLERY_SIZE) }, (_, i) => tree(grammar, base + i)) as never;
      }
      case 'check':
        return computeCheck(input, progress) as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
  render(data, host) {
    const collapsed = new Set<string>();
    const violated = violatedIds(data.violations);
    let selected: ArtifactNode | undefined;
    const treeBox = h('div', { class: 'tree-box' });
    const inspector = h('div', { class: 'inspector', 'aria-live': 'polite' }, h('p', { class: 'hint' }, 'Click a node (or focus it and press Enter) for its attributes and why it got its rule; ± or Space collapses it.'));
    let svg: SVGElement | undefined;
    const draw = () => {
      const view = drawTree(data.root, {
        collapsed,
        violated,
        selected: selected?.id,
        onSelect: (n) => {
          selected = n;
          draw();
          inspect(n);
        },
        onToggle: (n) => {
          if (collapsed.has(n.id)) collapsed.delete(n.id);
          else collapsed.add(n.id);
          draw();
          (treeBox.querySelector(`g.node[data-id="${n.id}"]`) as SVGGElement | null)?.focus();
        },
      });
      svg = view.svg;
      treeBox.replaceChildren(view.svg);
    };
    const inspect = (n: ArtifactNode) => {
      const rows = [
        ['node', n.id],
        ['symbol', n.symbol],
        ['rule', n.rule ?? '(terminal)'],
        ...Object.entries(n.args).map(([k, v]) => [`arg ${k}`, v]),
        ...Object.entries(n.attrs).map(([k, v]) => [`attr ${k}`, v]),
      ];
      const steps = h('pre', { class: 'explain' }, 'explaining…');
      inspector.replaceChildren(
        h('table', { class: 'attrs' }, ...rows.map(([k, v]) => h('tr', {}, h('th', {}, k!), h('td', {}, v!)))),
        n.rule !== undefined ? steps : h('p', { class: 'hint' }, 'A terminal: no rule was chosen here.'),
      );
      if (n.rule !== undefined) {
        host
          .run('explain', n.id)
          .then((t) => (steps.textContent = (t as string) || '(no steps recorded)'))
          .catch((e: Error) => (steps.textContent = e.message));
      }
    };
    draw();
    const violations =
      data.violations.length > 0
        ? h('div', { class: 'violations' }, h('strong', {}, `violations (${data.violations.length}):`), ...data.violations.map((v) => h('div', { class: 'violation' }, v)))
        : null;
    host.root.append(
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${data.nodeCount} nodes`),
      violations ?? '',
      treeBox,
      inspector,
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`artifact-${String(data.seed)}.json`, data.json + '\n', 'application/json') }, 'JSON'),
        h('button', { type: 'button', onclick: () => host.download(`artifact-${String(data.seed)}.dot`, data.dot, 'text/vnd.graphviz') }, 'DOT'),
        h('button', { type: 'button', onclick: () => svg && host.download(`artifact-${String(data.seed)}.svg`, svgFile(svg, TREE_CSS), 'image/svg+xml') }, 'SVG'),
      ),
      section('gallery', false, galleryBox(host)),
      section('check', false, checkSection(host)),
    );
  },
};

/** Trees of the next seeds as thumbnails; click one to open it. */
function galleryBox(host: PanelHost): HTMLElement {
  const box = h('div', { class: 'gallery' });
  const button = h('button', { type: 'button' }, `show ${GALLERY_SIZE} seeds`);
  button.addEventListener('click', () => {
    box.replaceChildren('generating…');
    host
      .run('gallery', GALLERY_SIZE)
      .then((v) => {
        box.replaceChildren(
          ...(v as TreeData[]).map((t) => {
            const view = drawTree(t.root, { collapsed: new Set(), violated: violatedIds(t.violations), small: true });
            return h(
              'button',
              { type: 'button', class: `thumb${t.violations.length > 0 ? ' has-violations' : ''}`, onclick: () => host.setSeed(t.seed), title: `seed ${String(t.seed)}` },
              view.svg,
              h('span', {}, `seed ${String(t.seed)} · ${t.nodeCount} nodes${t.violations.length > 0 ? ` · ${t.violations.length} violations` : ''}`),
            );
          }),
        );
      })
      .catch((e: Error) => box.replaceChildren(h('div', { class: 'msg error' }, e.message)));
  });
  return h('div', {}, button, box);
}
