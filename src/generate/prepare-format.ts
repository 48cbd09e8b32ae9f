/**
 * What a format needs loaded before `Style.format` (synchronous) can write
 * it: the style's `prepareFormat` (SVG of graphs needs Graphviz's
 * WebAssembly). The CLI awaits this once before generating.
 */
import type { FormatName, StyleName } from './style.js';
import { styleNamed } from './styles.js';

/** Load what `format` needs for artifacts of the style named `style`. */
export async function prepareFormat(format: FormatName, style: StyleName): Promise<void> {
  await styleNamed(style)?.prepareFormat?.(format);
}
