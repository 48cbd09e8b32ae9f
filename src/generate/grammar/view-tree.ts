/**
 * A generated tree drawn as SVG: top-down, leaves spaced evenly, a parent
 * centred over its children. Nodes are focusable buttons named by their
 * visible text; a node with children has a 24-pixel ± marker that collapses
 * it. Nodes named by a violation fact are marked.
 */
import type { ArtifactNode } from './artifact.js';
import { s } from '../../view/dom.js';

const DX = 84;
const DY = 58;
const PAD = 40;

export interface TreeView {
  svg: SVGElement;
  /** Drawn nodes (collapsed subtrees excluded). */
  count: number;
}

export interface TreeOptions {
  collapsed: ReadonlySet<string>;
  violated: ReadonlySet<string>;
  selected?: string | undefined;
  /** Thumbnails: no labels, no interaction. */
  small?: boolean;
  onSelect?: (node: ArtifactNode) => void;
  onToggle?: (node: ArtifactNode) => void;
}

interface Placed {
  node: ArtifactNode;
  x: number;
  y: number;
  parent?: Placed;
}

function layout(root: ArtifactNode, collapsed: ReadonlySet<string>): Placed[] {
  const out: Placed[] = [];
  let nextLeaf = 0;
  // Iterative post-order: deep trees must not overflow the stack.
  const place = (top: ArtifactNode): Placed => {
    const stack: Array<{ node: ArtifactNode; depth: number; placed: Placed; kids: Placed[]; i: number; parent?: Placed }> = [];
    const first: Placed = { node: top, x: 0, y: 0 };
    stack.push({ node: top, depth: 0, placed: first, kids: [], i: 0 });
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      const children = collapsed.has(f.node.id) ? [] : f.node.children;
      if (f.i < children.length) {
        const child = children[f.i++]!;
        const p: Placed = { node: child, x: 0, y: (f.depth + 1) * DY, parent: f.placed };
        f.kids.push(p);
        stack.push({ node: child, depth: f.depth + 1, placed: p, kids: [], i: 0 });
        continue;
      }
      stack.pop();
      f.placed.y = f.depth * DY;
      if (f.kids.length === 0) f.placed.x = nextLeaf++ * DX;
      else f.placed.x = (f.kids[0]!.x + f.kids[f.kids.length - 1]!.x) / 2;
      out.push(f.placed);
    }
    return first;
  };
  place(root);
  return out.reverse();
}

function label(node: ArtifactNode): string {
  return node.rule !== undefined ? `${node.symbol}: ${node.rule}` : node.symbol;
}

export function drawTree(root: ArtifactNode, options: TreeOptions): TreeView {
  const nodes = layout(root, options.collapsed);
  const small = options.small === true;
  const width = Math.max(...nodes.map((p) => p.x)) + 2 * PAD;
  const height = Math.max(...nodes.map((p) => p.y)) + 2 * PAD;
  const svg = s('svg', {
    class: small ? 'tree small' : 'tree',
    viewBox: `${-PAD} ${-PAD} ${width} ${height}`,
    width: small ? Math.min(240, width / 3) : width,
    height: small ? Math.min(240, width / 3) * (height / width) : height,
    role: 'group',
    'aria-label': `generated tree, ${nodes.length} nodes`,
  });
  const edges = s('g', { class: 'edges' });
  for (const p of nodes) {
    if (p.parent) edges.append(s('line', { x1: p.parent.x, y1: p.parent.y, x2: p.x, y2: p.y }));
  }
  svg.append(edges);
  const attrTexts = s('g', { class: 'attr-texts' });
  for (const p of nodes) {
    const n = p.node;
    const classes = ['node', n.rule === undefined ? 'terminal' : 'nonterminal'];
    if (options.violated.has(n.id)) classes.push('violated');
    if (options.selected === n.id) classes.push('selected');
    if (options.collapsed.has(n.id)) classes.push('collapsed');
    const g = s('g', { class: classes.join(' '), transform: `translate(${p.x},${p.y})`, 'data-id': n.id });
    g.append(s('circle', { r: small ? 9 : 7 }));
    if (!small) {
      const attrs = Object.entries(n.attrs).map(([k, v]) => `${k}=${v}`).join(' ');
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      // The accessible name starts with the button's visible text (its label), then the attributes drawn under it; the node's id is only in the tooltip.
      g.setAttribute('aria-label', attrs ? `${label(n)}, ${attrs}` : label(n));
      if (n.children.length > 0) g.setAttribute('aria-expanded', String(!options.collapsed.has(n.id)));
      g.append(s('title', {}, `${n.id}  ${label(n)}`));
      g.append(s('text', { y: -12, 'text-anchor': 'middle' }, label(n)));
      // The attributes are drawn beside the button, not in it (its name says them after its label).
      if (attrs) attrTexts.append(s('text', { x: p.x, y: p.y + 22, 'text-anchor': 'middle', class: 'attrs', 'aria-hidden': 'true' }, attrs));
      if (n.children.length > 0) g.append(toggleMark(options.collapsed.has(n.id), () => options.onToggle?.(n)));
      g.addEventListener('click', () => options.onSelect?.(n));
      g.addEventListener('keydown', (ev) => {
        const key = (ev as KeyboardEvent).key;
        if (key === 'Enter') options.onSelect?.(n);
        else if (key === ' ' || key === '+' || key === '-') {
          ev.preventDefault();
          if (n.children.length > 0) options.onToggle?.(n);
        }
      });
    }
    svg.append(g);
  }
  svg.append(attrTexts);
  return { svg, count: nodes.length };
}

/** Half the side of a node's ± target: 24 by 24 pixels at the tree's 1:1 scale (WCAG 2.5.8). */
const TOGGLE = 12;

/**
 * The ± marker that collapses a node, a pointer target of 24 by 24 pixels
 * beside the node's circle. It is hidden from assistive technology: the node
 * itself (a button with aria-expanded) collapses with Space, + or −.
 */
function toggleMark(collapsed: boolean, onToggle: () => void): SVGElement {
  const toggle = s('g', { class: 'toggle', transform: `translate(${TOGGLE + 10},2)`, 'aria-hidden': 'true' });
  // The ± is drawn with lines, not text: the node's accessible name is its visible text, which a glyph would join.
  toggle.append(s('rect', { x: -TOGGLE, y: -TOGGLE, width: 2 * TOGGLE, height: 2 * TOGGLE, rx: 3 }), s('path', { d: collapsed ? 'M-5 0H5M0 -5V5' : 'M-5 0H5' }));
  toggle.addEventListener('click', (ev) => {
    ev.stopPropagation();
    onToggle();
  });
  return toggle;
}

/** Node ids (n, n/0/1, ...) named in violation facts. */
export function violatedIds(violations: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const v of violations) for (const m of v.matchAll(/(?<=[\s(])n(?:\/\d+)*(?=[\s)])/g)) out.add(m[0]);
  return out;
}
