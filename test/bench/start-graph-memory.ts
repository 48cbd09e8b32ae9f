/**
 * Memory of a large start graph per input byte (issue 20: at most about 10
 * bytes of heap per byte of JSON). A measurement script, not a timed test:
 *
 *   node --expose-gc --import tsx/esm test/bench/start-graph-memory.ts [MB]
 *
 * Writes a graphlib JSON start graph of about MB megabytes (default 51; nodes
 * labelled like rules/mission.json's, one edge per node), then reads it as
 * `generate --graph` does (readGraphInput, Graph.from) and prints the heap
 * held at each stage after a full collection: with the text and the parsed
 * GraphInput alive (the peak), and with only the Graph left.
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const { readGraphInput } = await import('../../src/generate/graph/compile.js');
const { Graph } = await import('../../src/generate/graph/graph.js');

const heap = (): number => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

const mb = Number(process.argv[2] ?? 51);
const LABELS = ['start', 'goal', 'task', 'lock', 'key', 'room', 'boss'];
const base = heap();
/** graphlib JSON of about `mb` megabytes: a chain of nodes. */
function startGraph(mb: number): string {
  const nodes: string[] = [];
  const edges: string[] = [];
  let size = 30;
  for (let i = 0; size < mb * 1e6; i++) {
    const node = `{"v":"${i}","value":"${LABELS[i % LABELS.length]}"}`;
    nodes.push(node);
    size += node.length + 1;
    if (i > 0) {
      const edge = `{"v":"${i - 1}","w":"${i}","value":"next"}`;
      edges.push(edge);
      size += edge.length + 1;
    }
  }
  // one flat string, as read from a file
  return Buffer.from(`{"nodes":[${nodes.join(',')}],"edges":[${edges.join(',')}]}`).toString('utf8');
}
let text = startGraph(mb);
const bytes = Buffer.byteLength(text);
const withText = heap() - base;
let input: ReturnType<typeof readGraphInput> | undefined = readGraphInput(text, 'big.json');
const parsed = heap() - base;
let graph: InstanceType<typeof Graph> | undefined = Graph.from(input);
const peak = heap() - base;
text = '';
input = undefined;
const graphOnly = heap() - base;
const per = (n: number) => (n / bytes).toFixed(1);
console.log(`start graph: ${(bytes / 1e6).toFixed(1)} MB of JSON, ${graph.size} nodes`);
console.log(`  the text                          ${(withText / 1e6).toFixed(0)} MB (${per(withText)} bytes per input byte)`);
console.log(`  text + GraphInput                 ${(parsed / 1e6).toFixed(0)} MB (${per(parsed)})`);
console.log(`  text + GraphInput + Graph (peak)  ${(peak / 1e6).toFixed(0)} MB (${per(peak)})`);
console.log(`  the Graph alone                   ${(graphOnly / 1e6).toFixed(0)} MB (${per(graphOnly)})`);
graph = undefined;
