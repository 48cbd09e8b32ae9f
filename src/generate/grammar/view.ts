/** The page half of the tree grammar panel (its worker half: ./playground.ts, the style's playground part; the page lists it by kind in src/web/views/index.ts). */
import type { ArtifactNode } from './artifact.js';
import { h, plural, section } from '../../view/dom.js';
import { artifactTreeSvg } from './svg.js';
import { checkSection } from '../../view/check.js';
import { galleryBox } from '../../view/gallery.js';
import { drawTree, violatedIds } from './view-tree.js';
import type { GrammarData, TreeData } from './playground.js';
import type { PanelView, PanelHost } from '../../view/view.js';

export const grammarView: PanelView<GrammarData> = {
  kind: 'grammar',
  label: 'tree grammar',
  controls: { seed: true, params: true, gallery: true, check: true },
  render(data, host) {
    // A big tree is drawn to a depth first (the rest collapsed, one click away), so the page stays responsive.
    const collapsed = initiallyCollapsed(data.root, data.nodeCount);
    const violated = violatedIds(data.violations);
    let selected: ArtifactNode | undefined;
    const treeBox = h('div', { class: 'tree-box', tabindex: 0, role: 'region', 'aria-label': 'generated tree (scrolls with the arrow keys)' });
    const inspector = h('div', { class: 'inspector' }, h('p', { class: 'hint' }, 'Click a node (or focus it and press Enter) for its attributes and why it got its rule; ± or Space collapses it.'));
    let svg: SVGElement | undefined;
    const draw = () => {
      const view = drawTree(data.root, {
        collapsed,
        violated,
        selected: selected?.id,
        onSelect: (n) => {
          selected = n;
          draw();
          focus(n.id);
          inspect(n);
        },
        onToggle: (n) => {
          if (collapsed.has(n.id)) collapsed.delete(n.id);
          else collapsed.add(n.id);
          draw();
          focus(n.id);
        },
      });
      treeBox.replaceChildren(view.svg);
    };
    /** Redrawing replaces the nodes: give the focus back to the one the user was on. */
    const focus = (id: string) => (treeBox.querySelector(`g.node[data-id="${id}"]`) as SVGGElement | null)?.focus();
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
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${plural(data.nodeCount, 'node')}`),
      collapsed.size > 0 ? h('p', { class: 'hint' }, `${data.nodeCount} nodes: drawn to depth ${DRAW_DEPTH}; + opens a subtree.`) : '',
      violations ?? '',
      treeBox,
      inspector,
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`artifact-${String(data.seed)}.json`, data.json + '\n', 'application/json') }, 'JSON'),
        h('button', { type: 'button', onclick: () => host.download(`artifact-${String(data.seed)}.dot`, data.dot, 'text/vnd.graphviz') }, 'DOT'),
        h('button', { type: 'button', onclick: () => host.download(`artifact-${String(data.seed)}.svg`, artifactTreeSvg(data, data.violations), 'image/svg+xml') }, 'SVG'),
      ),
      section(
        'gallery',
        false,
        galleryBox<TreeData>(
          host,
          (t) => drawTree(t.root, { collapsed: new Set(), violated: violatedIds(t.violations), small: true }).svg,
          (t) => `seed ${String(t.seed)} · ${plural(t.nodeCount, 'node')}${t.violations.length > 0 ? ` · ${plural(t.violations.length, 'violation')}` : ''}`,
          (t) => t.violations.length > 0,
        ),
      ),
      section('check', false, checkSection(host)),
    );
    showRoot(treeBox);
  },
};

/** Scroll the tree's box so its root is in view, centred (a wide tree's root is far from the left edge). */
export function showRoot(box: HTMLElement): void {
  const root = box.querySelector('g.node[data-id="n"]');
  if (!root) return;
  const r = root.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  box.scrollLeft += r.left + r.width / 2 - (b.left + box.clientWidth / 2);
  box.scrollTop = 0;
}

/** Trees with more nodes than this are drawn collapsed below DRAW_DEPTH at first. */
export const DRAW_LIMIT = 1500;
export const DRAW_DEPTH = 6;

function initiallyCollapsed(root: ArtifactNode, count: number): Set<string> {
  const out = new Set<string>();
  if (count <= DRAW_LIMIT) return out;
  const stack: Array<[ArtifactNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    if (n.children.length === 0) continue;
    if (d >= DRAW_DEPTH) out.add(n.id);
    else for (const c of n.children) stack.push([c, d + 1]);
  }
  return out;
}
