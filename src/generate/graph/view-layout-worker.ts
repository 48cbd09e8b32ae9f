/**
 * The layout worker: Graphviz (@viz-js/viz, WebAssembly) lays out a graph's
 * DOT here, off the page's thread, and sends back the SVG text (or its JSON,
 * for the drawing worker to paint: draw-worker.ts). A 2,001-node
 * graph takes seconds to lay out; the page stays responsive meanwhile.
 */
import { dotToSvgAsync, loadGraphviz } from './svg.js';
import type { LayoutRequest, LayoutResponse } from '../../view/layout/client.js';

const scope = self as unknown as { postMessage(m: LayoutResponse): void; onmessage: ((ev: MessageEvent<LayoutRequest>) => void) | null };

scope.onmessage = async (ev) => {
  const { id, dot, format } = ev.data;
  const start = performance.now();
  try {
    const text = format === 'json' ? (await loadGraphviz()).renderString(dot, { format: 'json', engine: 'dot' }) : await dotToSvgAsync(dot);
    scope.postMessage({ id, text, ms: performance.now() - start });
  } catch (e) {
    scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
