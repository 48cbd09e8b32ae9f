/**
 * Output of a generated layer artifact.
 *
 * JSON: `{"format": "generate-layers/4", "seed", "layers": [{"name", "order",
 * "sites", "siteTerms", "base", "mask", "placed"}]}` with keys as canonical
 * terms, `siteTerms[i]` the typed JSON of `sites[i]` (../../json/terms.ts:
 * `["at",1,1]`), plus `"violations"` when any rule derives them.
 *
 * Text: per layer a summary line, then either a grid or three lists. The grid is
 * used when every key of the layer is a compound with two arguments (e.g.
 * `(at FLOOR WALL)`): one row per first argument (highest first, like floors),
 * one column per second argument (canonical order), each cell one of
 *
 *   #  placed (drawn and allowed)     x  drawn, but the mask removed it
 *   .  allowed, not drawn             -  neither drawn nor allowed
 *      (blank) not a site of this layer
 *
 * When every layer has such keys, a final plan grid shows, per cell, the letter
 * of each layer placed there.
 */
import { compareTerms } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import { KIND_COMPOUND } from '../../program/terms.js';
import { appendViolations, violationsJson, type RuleAt } from '../violations.js';
import type { GeneratedLayer, LayerArtifact } from './generate.js';
import { maxOf, pushAll } from '../../arrays.js';
import { formatTag } from '../../json/formats.js';
import { termJson, type TermJson } from '../../json/terms.js';

export interface LayerArtifactJson {
  format: string;
  seed: string | number;
  layers: Array<{ name: string; order: number; sites: string[]; siteTerms: TermJson[]; base: string[]; mask: string[]; placed: string[] }>;
  violations?: string[];
  violationRules?: Array<RuleAt | null>;
}

export function layerArtifactJson(a: LayerArtifact): LayerArtifactJson {
  const out: LayerArtifactJson = {
    format: formatTag('generate-layers'),
    seed: a.seed,
    layers: a.layers.map((l) => ({ name: l.name, order: l.order, sites: l.sites, siteTerms: l.sites.map(termJson), base: l.base, mask: l.mask, placed: l.placed })),
  };
  return { ...out, ...violationsJson(a.violations) };
}

interface Grid {
  rows: number[];
  cols: number[];
  cell(row: number, col: number): number | undefined;
}

/** A grid over keys that are all two-argument compounds; undefined otherwise. */
function gridOf(program: Program, keys: readonly number[]): Grid | undefined {
  const t = program.terms;
  if (keys.length === 0 || !keys.every((k) => t.kind(k) === KIND_COMPOUND && t.arity(k) === 2)) return undefined;
  const rows = [...new Set(keys.map((k) => t.arg(k, 0)))].sort((a, b) => compareTerms(t, b, a));
  const cols = [...new Set(keys.map((k) => t.arg(k, 1)))].sort((a, b) => compareTerms(t, a, b));
  const at = new Map<string, number>();
  for (const k of keys) at.set(`${t.arg(k, 0)},${t.arg(k, 1)}`, k);
  return { rows, cols, cell: (r, c) => at.get(`${r},${c}`) };
}

function table(program: Program, grid: Grid, cell: (key: number | undefined, row: number, col: number) => string, indent: string): string[] {
  const t = program.terms;
  const rowLabels = grid.rows.map((r) => t.print(r));
  const colLabels = grid.cols.map((c) => t.print(c));
  const cells = grid.rows.map((r) => grid.cols.map((c) => cell(grid.cell(r, c), r, c)));
  const labelWidth = maxOf(rowLabels.map((l) => l.length), 0);
  const widths = grid.cols.map((_, i) => maxOf(cells.map((row) => (row[i] as string).length), (colLabels[i] as string).length));
  const line = (label: string, parts: string[]) =>
    (indent + label.padStart(labelWidth) + '  ' + parts.map((p, i) => p.padEnd(widths[i] as number)).join(' ')).trimEnd();
  return [line('', colLabels), ...cells.map((row, i) => line(rowLabels[i] as string, row))];
}

export function layerGrid(program: Program, l: GeneratedLayer): string[] | undefined {
  const grid = gridOf(program, l.ids.sites);
  if (!grid) return undefined;
  const base = new Set(l.ids.base);
  const mask = new Set(l.ids.mask);
  return table(program, grid, (k) => (k === undefined ? '' : base.has(k) ? (mask.has(k) ? '#' : 'x') : mask.has(k) ? '.' : '-'), '    ');
}

/** One letter per layer: its first letter not yet taken (upper case), else a digit. */
export function layerLetters(names: readonly string[]): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  for (const name of names) {
    const candidates = [...name.toUpperCase()].filter((c) => /[A-Z0-9]/.test(c));
    let letter = candidates.find((c) => !used.has(c));
    for (let d = 1; !letter && d < 100; d++) if (!used.has(String(d))) letter = String(d);
    used.add(letter as string);
    out.set(name, letter as string);
  }
  return out;
}

/** The plan grid: for each cell, the letters of the layers placed there; undefined when keys are not two-argument compounds. */
export function planLines(a: LayerArtifact): string[] | undefined {
  const program = a.program;
  const all = a.layers.flatMap((l) => l.ids.sites);
  if (a.layers.some((l) => l.ids.sites.length > 0 && !gridOf(program, l.ids.sites))) return undefined;
  const grid = gridOf(program, [...new Set(all)]);
  if (!grid) return undefined;
  const letters = layerLetters(a.layers.map((l) => l.name));
  const placed = a.layers.map((l) => ({ letter: letters.get(l.name) as string, set: new Set(l.ids.placed) }));
  const legend = a.layers.map((l) => `${letters.get(l.name)} ${l.name}`).join(', ');
  return [
    `plan (rows: first key argument, columns: second; ${legend}; . nothing placed)`,
    ...table(program, grid, (k) => (k === undefined ? '' : placed.filter((p) => p.set.has(k)).map((p) => p.letter).join('') || '.'), '  '),
  ];
}

/** The text rendering of a generated artifact (see the module comment). */
export function formatLayerText(a: LayerArtifact): string {
  const out: string[] = [`seed ${a.seed}`];
  let gridLegend = false;
  for (const l of a.layers) {
    out.push('');
    out.push(
      `layer ${l.name} (order ${l.order}): ${l.sites.length} site(s), ${l.base.length} drawn, ${l.mask.length} allowed, ${l.placed.length} placed` +
        (l.attempts > 1 ? ` (after ${l.attempts} draws)` : ''),
    );
    const grid = layerGrid(a.program, l);
    if (grid) {
      if (!gridLegend) {
        out.push('  # placed  x drawn but masked  . allowed, not drawn  - neither');
        gridLegend = true;
      }
      pushAll(out, grid);
    }
    out.push(`  base:   ${l.base.join(' ') || '(none)'}`);
    out.push(`  mask:   ${l.mask.length === l.sites.length ? 'every site' : l.mask.join(' ') || '(none)'}`);
    out.push(`  placed: ${l.placed.join(' ') || '(none)'}`);
  }
  const plan = planLines(a);
  if (plan) out.push('', ...plan);
  return appendViolations(out.join('\n') + '\n', a.violations);
}
