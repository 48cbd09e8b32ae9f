/**
 * Layers never look forward: a rule deriving `site`, `allow`, `chance`,
 * `sitechance` or `group` for layer L may read `(placed M K)` (directly or
 * through helper relations) only for layers M of lower ORDER. Anything else is
 * a `forward` finding, or a `cycle` when the layers read each other (a layer
 * reading its own `placed` is a cycle of one).
 *
 * The layer names a read can take come from the possibility model (see
 * reads.ts): constants, or variables as far as the other body literals
 * constrain them.
 */
import type { Program } from '../../program/program.js';
import type { LayerFinding } from './findings.js';
import type { Read } from './reads.js';
import { atomText, literalText, patternText, relName } from './rule-text.js';
import type { LayerDecl } from './vocabulary.js';

interface Edge {
  from: LayerDecl;
  to: LayerDecl;
  read: Read;
}

function spanKey(r: Read): number {
  return r.literal.span.offset;
}

/** Where and how `read` happens, for messages: "the rule for (allow ?l ?k) at line 12 reads (placed door ...) through (blocked ?l ?k)". */
export function describeRead(program: Program, read: Read, readerName: string, readName: string): string {
  const rule = read.rule;
  const head = atomText(relName(program, rule.head.rel), rule.head.args.map((a) => patternText(program, rule, a)));
  const lit = literalText(program, rule, read.literal);
  const placed = program.findRelation('placed', 2)?.id;
  const direct = (read.literal.kind === 'pos' || read.literal.kind === 'neg') && read.literal.rel === placed;
  const where = `the rule for ${head} (line ${rule.span.line}) of layer ${readerName}`;
  const key = read.key === undefined ? '...' : program.terms.print(read.key);
  return direct ? `${where} reads ${lit}, i.e. (placed ${readName} ${key})` : `${where} reads (placed ${readName} ${key}) through ${lit}`;
}

/** Forward references and cycles between layers, one finding per pair (or per cycle). */
export function checkLayerOrder(program: Program, layers: readonly LayerDecl[], reads: readonly Read[]): LayerFinding[] {
  const byId = new Map(layers.map((l) => [l.id, l]));
  const edges = new Map<string, Edge>();
  for (const read of reads) {
    const from = byId.get(read.reader);
    const to = byId.get(read.layer);
    if (!from || !to) continue;
    const key = `${from.name}\u0000${to.name}`;
    const prev = edges.get(key);
    if (!prev || spanKey(read) < spanKey(prev.read)) edges.set(key, { from, to, read });
  }
  const list = [...edges.values()].sort((a, b) => a.from.order - b.from.order || cmp(a.from.name, b.from.name) || cmp(a.to.name, b.to.name));
  const comp = components(layers, list);
  const findings: LayerFinding[] = [];
  const reportedCycles = new Set<number>();
  for (const e of list) {
    if (e.to.order < e.from.order) continue;
    const c = comp.get(e.from.name) as number;
    if (c === comp.get(e.to.name)) {
      if (reportedCycles.has(c)) continue;
      reportedCycles.add(c);
      const cycle = cyclePath(e, list, comp);
      const layersInCycle = cycle.map((x) => x.from.name);
      const steps = cycle.map((x) => describeRead(program, x.read, x.from.name, x.to.name));
      findings.push({
        code: 'layers/cycle',
        severity: 'error',
        layers: layersInCycle,
        message:
          cycle.length === 1
            ? `layer ${e.from.name} reads its own placed sites: ${steps[0]}; a layer may read only layers of lower order`
            : `layers ${layersInCycle.join(', ')} read each other in a cycle: ${steps.join('; ')}; a layer may read only layers of lower order`,
        span: e.read.literal.span,
      });
      continue;
    }
    findings.push({
      code: 'layers/forward',
      severity: 'error',
      layers: [e.from.name, e.to.name],
      message: `${describeRead(program, e.read, e.from.name, e.to.name)}, but ${e.to.name} (order ${e.to.order}) is not below ${e.from.name} (order ${e.from.order}): a layer may read only layers of lower order`,
      span: e.read.literal.span,
    });
  }
  return findings;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Strongly connected components of the layer read graph (Tarjan), by layer name. */
function components(layers: readonly LayerDecl[], edges: readonly Edge[]): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    const list = out.get(e.from.name) ?? [];
    list.push(e.to.name);
    out.set(e.from.name, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const comp = new Map<string, number>();
  let counter = 0;
  let compCount = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of out.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      for (;;) {
        const w = stack.pop() as string;
        onStack.delete(w);
        comp.set(w, compCount);
        if (w === v) break;
      }
      compCount++;
    }
  };
  for (const l of layers) if (!index.has(l.name)) visit(l.name);
  return comp;
}

/** A cycle through edge `e`: e, then a shortest path back from e.to to e.from within the component. */
function cyclePath(e: Edge, edges: readonly Edge[], comp: Map<string, number>): Edge[] {
  if (e.from.name === e.to.name) return [e];
  const c = comp.get(e.from.name);
  const prev = new Map<string, Edge>();
  const queue = [e.to.name];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const v = queue.shift() as string;
    if (v === e.from.name) break;
    for (const x of edges) {
      if (x.from.name !== v || comp.get(x.to.name) !== c || seen.has(x.to.name)) continue;
      seen.add(x.to.name);
      prev.set(x.to.name, x);
      queue.push(x.to.name);
    }
  }
  const back: Edge[] = [];
  for (let v = e.from.name; v !== e.to.name; ) {
    const x = prev.get(v);
    if (!x) break;
    back.unshift(x);
    v = x.from.name;
  }
  return [e, ...back];
}
