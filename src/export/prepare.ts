/**
 * What a format needs loaded before `Style.format` (synchronous) can write
 * it: SVG of graphs needs Graphviz's WebAssembly (./svg/graphviz.ts). The
 * CLI awaits this once before generating.
 */
import type { FormatName } from '../generate/style.js';

export async function prepareFormat(format: FormatName): Promise<void> {
  if (format === 'svg') await (await import('./svg/graphviz.js')).loadGraphviz();
}
