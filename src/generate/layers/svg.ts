/**
 * A generated layer artifact as a standalone SVG file: a legend (one colour
 * per layer, by generation order, with its count of placed sites), the plan
 * (every cell in the colour of the last layer placed there, a dot per further
 * layer), then one grid per layer (its placed sites filled, its other sites
 * outlined). Cells as in ../tilemap.ts: x is the column, y the row, the
 * top-left cell is (1,1) unless the file declares (tileorigin X Y). A file
 * whose sites are not grid cells is drawn as lists of placed sites.
 */
import type { LayerArtifact } from './generate.js';
import { GramlogError, isGramlogError, type Span } from '../../errors.js';
import { spanOf } from './vocabulary.js';
import { colourOf } from '../../export/palette.js';
import { tileMapOf, type TileMap } from './tilemap.js';
import { xmlEscape } from '../../export/xml.js';

const CELL = 22;
/** The most cells an SVG draws, over all its grids (about 70 bytes each: 2,000,000 make a 140 MB file). */
export const SVG_CELLS = 2_000_000;
/** A coordinate to one decimal (no 15.399999999999999 in the file). */
const r1 = (v: number): number => Math.round(v * 10) / 10;
const GAP = 28;
const CSS = `
text { font: 12px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: #222; }
text.axis { font-size: 10px; fill: #666; }
text.title { font-weight: bold; }
rect.site { fill: #ffffff; stroke: #b8bdc6; }
rect.empty { fill: #f4f5f7; stroke: #e1e3e8; }
`;

function svgOpen(width: number, height: number, label: string): string[] {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${xmlEscape(label)}">`,
    `<style>${CSS}</style>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  ];
}

/** The first (layer NAME ORDER) fact, for an error about the whole map. */
function layerSpan(a: LayerArtifact): Span | undefined {
  const rel = a.program.findRelation('layer', 2);
  return spanOf(a.program, 'layer', 2, rel && a.program.facts.find((f) => f.rel === rel.id)?.tuple);
}

/** One grid appended to `out` (a push per line: a spread of a 400×400 grid overflows the stack): axis labels, then each cell drawn by `cell` (svg of the cell at x, y, or ''). */
function grid(out: string[], map: TileMap, left: number, top: number, title: string, cell: (index: number, x: number, y: number) => string): void {
  out.push(`<g class="grid" transform="translate(${left},${top})">`, `<text class="title" x="0" y="-10">${xmlEscape(title)}</text>`);
  for (let c = 0; c < map.width; c++) out.push(`<text class="axis" x="${r1(CELL * (c + 1.5))}" y="${r1(CELL * 0.7)}" text-anchor="middle">${map.origin.x + c}</text>`);
  for (let r = 0; r < map.height; r++) {
    out.push(`<text class="axis" x="${r1(CELL * 0.8)}" y="${r1(CELL * (r + 1.7))}" text-anchor="end">${map.origin.y + r}</text>`);
    for (let c = 0; c < map.width; c++) {
      const x = CELL * (c + 1);
      const y = CELL * (r + 1);
      out.push(cell(r * map.width + c, x, y));
    }
  }
  out.push('</g>');
}

function gridSvg(a: LayerArtifact, map: TileMap, violations: readonly string[]): string {
  const gw = CELL * (map.width + 1);
  const gh = CELL * (map.height + 1);
  const legendH = 24 + 20 * map.layers.length + (violations.length > 0 ? 20 * (violations.length + 1) : 0);
  const panels = map.layers.length + 1;
  if (map.width * map.height * panels > SVG_CELLS) {
    throw new GramlogError(
      'exports/svg-too-large',
      `seed ${String(a.seed)}: the SVG would draw ${map.width} × ${map.height} cells in ${panels} grids (the plan and one per layer), more than ${SVG_CELLS.toLocaleString('en-US')} cells: write --format tiled, png or json`,
      layerSpan(a),
    );
  }
  const perRow = Math.max(1, Math.min(panels, Math.floor(1200 / (gw + GAP))));
  const rows = Math.ceil(panels / perRow);
  const width = Math.max(320, GAP + perRow * (gw + GAP));
  const height = legendH + GAP + rows * (gh + GAP + 16);
  const out = svgOpen(width, height, `generated layers, seed ${String(a.seed)}`);
  out.push(`<text class="title" x="${GAP}" y="20">seed ${xmlEscape(String(a.seed))}: ${map.width} × ${map.height} cells</text>`);
  const sites = map.layers.map((l) => new Set(l.sites));
  const placed = map.layers.map((l) => new Set(l.placed));
  map.layers.forEach((l, i) => {
    const y = 28 + 20 * i;
    out.push(`<rect class="swatch" x="${GAP}" y="${y}" width="14" height="14" fill="${colourOf(l.tile)}"/>`);
    out.push(`<text x="${GAP + 22}" y="${y + 12}">${xmlEscape(l.name)} (order ${l.order}): ${l.placed.length} placed of ${l.sites.length} sites</text>`);
  });
  violations.forEach((v, i) => {
    const y = 28 + 20 * (map.layers.length + i + 1);
    out.push(`<text x="${GAP}" y="${y + 12}" fill="#b00020">${i === 0 ? 'violation: ' : ''}${xmlEscape(v)}</text>`);
  });
  const at = (panel: number): [number, number] => [GAP + (panel % perRow) * (gw + GAP), legendH + GAP + 16 + Math.floor(panel / perRow) * (gh + GAP + 16)];
  const [px, py] = at(0);
  grid(out, map, px, py, 'plan (all layers)', (cell, x, y) => {
      const here = map.layers.map((_, i) => i).filter((i) => placed[i]!.has(cell));
      const isSite = sites.some((s) => s.has(cell));
      if (here.length === 0) return `<rect class="${isSite ? 'site' : 'empty'}" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`;
      const top = map.layers[here[here.length - 1]!]!;
      const names = here.map((i) => map.layers[i]!.name).join(', ');
      const dots = here.slice(0, -1).map((i, k) => `<circle cx="${x + 5 + 6 * k}" cy="${y + 5}" r="2.5" fill="${colourOf(map.layers[i]!.tile)}" stroke="#fff" stroke-width="0.8"/>`);
      return `<g><title>${xmlEscape(names)}</title><rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${colourOf(top.tile)}" stroke="#fff"/>${dots.join('')}</g>`;
  });
  map.layers.forEach((l, i) => {
    const [lx, ly] = at(i + 1);
    grid(out, map, lx, ly, l.name, (cell, x, y) => {
      if (placed[i]!.has(cell)) return `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${colourOf(l.tile)}" stroke="#fff"/>`;
      return `<rect class="${sites[i]!.has(cell) ? 'site' : 'empty'}" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`;
    });
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Sites that are not grid cells: per layer, its placed sites as a list. */
function listSvg(a: LayerArtifact, violations: readonly string[]): string {
  const lines: Array<{ text: string; colour?: string; bold?: boolean }> = [{ text: `seed ${String(a.seed)}`, bold: true }];
  a.layers.forEach((l, i) => {
    lines.push({ text: `${l.name} (order ${l.order}): ${l.placed.length} placed of ${l.sites.length} sites`, colour: colourOf(i), bold: true });
    for (const p of l.placed) lines.push({ text: `    ${p}`, colour: colourOf(i) });
  });
  for (const v of violations) lines.push({ text: `violation: ${v}`, colour: '#b00020' });
  let widest = 0;
  for (const l of lines) widest = Math.max(widest, l.text.length);
  const width = Math.max(320, 40 + 7 * widest);
  const out = svgOpen(width, 30 + 18 * lines.length, `generated layers, seed ${String(a.seed)}`);
  lines.forEach((l, i) => {
    const swatch = l.bold && l.colour ? `<rect x="12" y="${14 + 18 * i}" width="12" height="12" fill="${l.colour}"/>` : '';
    out.push(`${swatch}<text x="30" y="${25 + 18 * i}" xml:space="preserve"${l.bold ? ' class="title"' : ''}>${xmlEscape(l.text)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** `--format svg` of a layer file. */
export function layersSvg(a: LayerArtifact, violations: readonly string[] = []): string {
  let map: TileMap;
  try {
    map = tileMapOf(a);
  } catch (e) {
    if (isGramlogError(e) && e.code === 'exports/not-a-cell') return listSvg(a, violations);
    throw e;
  }
  return gridSvg(a, map, violations);
}
