/**
 * The explanation of a layer generation, built from its history store
 * (history.ts) by one datascript query: for each layer in generation order,
 * every draw with its base, mask and placed sites, the groups out of bounds
 * that caused a redraw, and the draw the layer kept.
 *
 *   seed 7
 *   layer stairs (order 2): 12 site(s), (between stairs 1 1)
 *     draw 1: 7 drawn, 9 allowed, 5 placed
 *       base:   (at 1 e) (at 1 n) ...
 *       mask:   (at 1 e) ...
 *       placed: (at 1 e) ...
 *       out of bounds: group 1 holds 2, group 2 holds 0
 *     draw 2: redraws group 1, group 2 (8 site(s))
 *       ...
 *     kept draw 3
 */
import type { PlainValue, Store } from '../../store/index.js';
import { fromJson, historyOf } from '../history.js';
import type { LayerArtifact } from './generate.js';
import type { StoredGroup } from './history.js';
import { pushAll } from '../../arrays.js';

interface DrawRow {
  index: number;
  layer: string;
  order: number;
  attempt: number;
  sites: number;
  bounds: string;
  base: string[];
  mask: string[];
  placed: string[];
  redrawn: string[];
  because: StoredGroup[];
  outside: StoredGroup[];
  kept: boolean;
}

const ATTRIBUTES = ['index', 'layer', 'order', 'attempt', 'sites', 'bounds', 'base', 'mask', 'placed', 'redrawn', 'because', 'outside', 'kept'] as const;

/** Why each layer placed what it placed: every draw, read from the history store. */
export function explainLayers(artifact: LayerArtifact): string {
  return explainLayerStore(historyOf(artifact).store, artifact.seed);
}

export function explainLayerStore(store: Store, seed: number | string): string {
  const find = ATTRIBUTES.map((a) => `?${a}`).join(' ');
  const where = ATTRIBUTES.map((a) => `[?d "draw/${a}" ?${a}]`).join(' ');
  const draws = store.query(`[:find ${find} :where ${where}]`).map(toRow).sort((a, b) => a.index - b.index);
  const lines = [`seed ${seed}`];
  for (const d of draws) {
    if (d.attempt === 1) lines.push(`layer ${d.layer} (order ${d.order}): ${d.sites} site(s)${d.bounds ? `, ${d.bounds}` : ''}`);
    pushAll(lines, drawLines(d));
  }
  return lines.join('\n') + '\n';
}

function toRow(r: PlainValue[]): DrawRow {
  const [index, layer, order, attempt, sites, bounds, base, mask, placed, redrawn, because, outside, kept] = r;
  return {
    index: Number(index),
    layer: String(layer),
    order: Number(order),
    attempt: Number(attempt),
    sites: Number(sites),
    bounds: String(bounds),
    base: fromJson<string[]>(base),
    mask: fromJson<string[]>(mask),
    placed: fromJson<string[]>(placed),
    redrawn: fromJson<string[]>(redrawn),
    because: fromJson<StoredGroup[]>(because),
    outside: fromJson<StoredGroup[]>(outside),
    kept: kept === true,
  };
}

const list = (keys: readonly string[]) => keys.join(' ') || '(none)';
const groups = (gs: readonly StoredGroup[]) => gs.map((g) => `group ${g.group} holds ${g.count}`).join(', ');

function drawLines(d: DrawRow): string[] {
  const head =
    d.attempt === 1
      ? `  draw 1: ${d.base.length} drawn, ${d.mask.length} allowed, ${d.placed.length} placed`
      : `  draw ${d.attempt}: redraws ${d.because.map((g) => `group ${g.group}`).join(', ')} (${d.redrawn.length} site(s)); ${d.base.length} drawn, ${d.placed.length} placed`;
  const out = [
    head,
    `    base:   ${list(d.base)}`,
    `    mask:   ${d.mask.length === d.sites ? 'every site' : list(d.mask)}`,
    `    placed: ${list(d.placed)}`,
  ];
  if (d.outside.length > 0) out.push(`    out of bounds: ${groups(d.outside)}`);
  if (d.kept) out.push(`  kept draw ${d.attempt}`);
  return out;
}
