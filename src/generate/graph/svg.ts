/**
 * DOT to SVG with Graphviz compiled to WebAssembly (@viz-js/viz, MIT): no
 * native build, no `dot` on the PATH. The WebAssembly module loads once, on
 * first use (`loadGraphviz`, asynchronous); after it, `dotToSvg` is
 * synchronous, so `Style.format` (synchronous) can lay out graphs. The CLI
 * awaits `prepareFormat('svg')` (../prepare.ts) before generating; the
 * playground's SVG download awaits `dotToSvgAsync`.
 */
interface Viz {
  renderString(dot: string, options?: { format?: string; engine?: string }): string;
}

let viz: Viz | undefined;
let loading: Promise<Viz> | undefined;

/** Load Graphviz (once). */
export function loadGraphviz(): Promise<Viz> {
  loading ??= import('@viz-js/viz').then(async (m) => (viz = (await m.instance()) as Viz));
  return loading;
}

/** DOT as an SVG file; Graphviz must have been loaded (`loadGraphviz`). */
export function dotToSvg(dot: string): string {
  if (!viz) throw new Error('internal: dotToSvg before loadGraphviz');
  const svg = viz.renderString(dot, { format: 'svg', engine: 'dot' });
  return svg.endsWith('\n') ? svg : svg + '\n';
}

/** DOT as an SVG file, loading Graphviz first when needed. */
export async function dotToSvgAsync(dot: string): Promise<string> {
  await loadGraphviz();
  return dotToSvg(dot);
}
