/**
 * A generated tree as a standalone SVG file: top-down, leaves spaced evenly,
 * a parent centred over its children, each node labelled `SYMBOL: RULE`
 * (attributes under it), terminals green, nodes named by a violation fact red.
 * Pure string building (no DOM): `gramlog generate --format svg` and the
 * playground's SVG download both call it.
 */
import type { ArtifactNode } from './artifact.js';
import { xmlEscape } from '../../export/xml.js';

const DY = 64;
const PAD = 40;
/** Width of one character of the 11px label font, generously (labels must not overlap). */
const CHAR = 6.6;

interface Placed {
  node: ArtifactNode;
  x: number;
  y: number;
  parent?: Placed;
}

function label(node: ArtifactNode): string {
  return node.rule !== undefined ? `${node.symbol}: ${node.rule}` : node.symbol;
}

function attrsText(node: ArtifactNode): string {
  return Object.entries(node.attrs).map(([k, v]) => `${k}=${v}`).join(' ');
}

/** Positions: leaves left to right, each as wide as its label, parents centred (iterative: deep trees do not overflow the stack). */
function layout(root: ArtifactNode): Placed[] {
  const out: Placed[] = [];
  let nextX = 0;
  const first: Placed = { node: root, x: 0, y: 0 };
  const stack: Array<{ placed: Placed; depth: number; kids: Placed[]; i: number }> = [{ placed: first, depth: 0, kids: [], i: 0 }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    const children = f.placed.node.children;
    if (f.i < children.length) {
      const child = children[f.i++]!;
      const p: Placed = { node: child, x: 0, y: (f.depth + 1) * DY, parent: f.placed };
      f.kids.push(p);
      stack.push({ placed: p, depth: f.depth + 1, kids: [], i: 0 });
      continue;
    }
    stack.pop();
    if (f.kids.length === 0) {
      const w = Math.max(48, CHAR * Math.max(label(f.placed.node).length, attrsText(f.placed.node).length) + 16);
      f.placed.x = nextX + w / 2;
      nextX += w;
    } else {
      f.placed.x = (f.kids[0]!.x + f.kids[f.kids.length - 1]!.x) / 2;
    }
    out.push(f.placed);
  }
  return out.reverse();
}

/** Node ids (n, n/0/1, ...) named in violation facts. */
export function violatedNodeIds(violations: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const v of violations) for (const m of v.matchAll(/(?<=[\s(])n(?:\/\d+)*(?=[\s)])/g)) out.add(m[0]);
  return out;
}

export const TREE_SVG_CSS = `
line { stroke: #8a8f98; stroke-width: 1.2; }
circle { fill: #3b6fd6; stroke: #1d3f86; }
.terminal circle { fill: #53a35d; stroke: #2d6a35; }
.violated circle { fill: #d64545; stroke: #7d1515; stroke-width: 3; }
text { font: 11px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: #222; }
text.attrs { fill: #555; font-size: 10px; }
text.caption { font-size: 12px; fill: #444; }
`;

/** A generated tree's SVG as `gramlog generate --format svg` writes it (and the playground downloads it): captioned with its seed and size. */
export function artifactTreeSvg(a: { seed: number | string; root: ArtifactNode; nodeCount: number }, violations: readonly string[]): string {
  return treeSvg(a.root, violations, `seed ${String(a.seed)}: ${a.nodeCount} nodes${violations.length > 0 ? `, ${violations.length} violation fact(s)` : ''}`);
}

/** The tree as an SVG file (with its XML declaration and a trailing newline). */
export function treeSvg(root: ArtifactNode, violations: readonly string[] = [], caption = ''): string {
  const nodes = layout(root);
  const violated = violatedNodeIds(violations);
  // a loop, not Math.max(...): a spread of 140,001 nodes overflows the stack
  let maxX = 0;
  let maxY = 0;
  for (const p of nodes) {
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const width = Math.ceil(maxX + 2 * PAD + 60);
  const height = Math.ceil(maxY + 2 * PAD + 20);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-PAD} ${-PAD} ${width} ${height}" role="img" aria-label="generated tree, ${nodes.length} nodes">`,
    `<style>${TREE_SVG_CSS}</style>`,
    `<rect x="${-PAD}" y="${-PAD}" width="${width}" height="${height}" fill="#ffffff"/>`,
  ];
  if (caption !== '') out.push(`<text class="caption" x="${-PAD + 8}" y="${-PAD + 16}">${xmlEscape(caption)}</text>`);
  out.push('<g class="edges">');
  for (const p of nodes) if (p.parent) out.push(`<line x1="${p.parent.x}" y1="${p.parent.y}" x2="${p.x}" y2="${p.y}"/>`);
  out.push('</g>');
  for (const p of nodes) {
    const n = p.node;
    const classes = ['node', n.rule === undefined ? 'terminal' : 'nonterminal', ...(violated.has(n.id) ? ['violated'] : [])];
    const attrs = attrsText(n);
    out.push(
      `<g class="${classes.join(' ')}" transform="translate(${p.x},${p.y})" data-id="${xmlEscape(n.id)}">` +
        `<title>${xmlEscape(`${n.id}  ${label(n)}`)}</title><circle r="7"/>` +
        `<text y="-12" text-anchor="middle">${xmlEscape(label(n))}</text>` +
        (attrs ? `<text class="attrs" y="22" text-anchor="middle">${xmlEscape(attrs)}</text>` : '') +
        '</g>',
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
