/**
 * What a format needs loaded before `Style.format` (synchronous) can write
 * it: SVG of graphs needs Graphviz's WebAssembly (./graph/svg.ts). The
 * CLI awaits this once before generating.
 */
import type { FormatName, StyleName } from './style.js';

/** Load what `format` needs for artifacts of the style named `style` (only graphs' SVG needs anything: Graphviz, about half a second). */
export async function prepareFormat(format: FormatName, style: StyleName): Promise<void> {
  if (format === 'svg' && style === 'graph') await (await import('./graph/svg.js')).loadGraphviz();
}
