/**
 * The network's components at the level of propositions.
 *
 * A recursive relation is rarely recursive at the ground level: chess_200's
 * `(openStretch ?x1 ?y1 ?x3 ?y3 ?dir)` reads `openStretch` one square further
 * along, so its ground instances form a chain, never a cycle. Evaluated as one
 * recursive component (every proposition from all-false to the fixed point,
 * again whenever anything it reads changes), such a relation cost chess_200's
 * compiled playouts 40 % of their time. Here the propositions of each
 * recursive relation component are split into their strongly connected
 * components over the ground rules (Tarjan's algorithm, iteratively): a
 * proposition alone in its component, without a rule reading itself, is an
 * ordinary proposition in a topological order, evaluated once and kept
 * current by the evaluators' counts; only ground cycles stay recursive.
 *
 * Exact: a positive recursive component's least fixed point is the result of
 * evaluating its ground strongly connected components in topological order,
 * each to its own least fixed point (the game is stratified, so a negated
 * literal never reads the component it is in).
 */

/** Component number (in topological order, over all derived propositions) and recursion of each proposition. */
export interface GroundComponents {
  comp: Int32Array;
  recursive: Uint8Array;
}

/**
 * `relComp`/`relRecursive`: the relation-level component of a proposition
 * (topologically numbered) and whether it is recursive; `rulesOf`, `ruleLits`:
 * the ground rules (`prop * 2 + negated` literals).
 */
export function groundComponents(
  size: number,
  isInput: Uint8Array,
  relComp: (p: number) => number,
  relRecursive: (p: number) => boolean,
  rulesOf: readonly (readonly number[])[],
  ruleLits: readonly (readonly number[])[],
): GroundComponents {
  // Within a recursive relation component: which propositions each one reads there.
  const inRec = (p: number) => !isInput[p] && relRecursive(p);
  const reads = (p: number): number[] => {
    const out: number[] = [];
    for (const r of rulesOf[p] as number[]) {
      for (const l of ruleLits[r] as number[]) {
        const q = l >> 1;
        if (inRec(q) && relComp(q) === relComp(p)) out.push(q);
      }
    }
    return out;
  };
  // Tarjan's algorithm on the "reads" edges: a component is closed after every component it reads,
  // so the closing order is a topological order (what is read first).
  const sub = new Int32Array(size).fill(-1);
  const recursive = new Uint8Array(size);
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  let counter = 0;
  let closed = 0;
  for (let root = 0; root < size; root++) {
    if (!inRec(root) || index[root] !== -1) continue;
    const frames: Array<{ p: number; edges: number[]; k: number }> = [];
    const open = (p: number) => {
      index[p] = low[p] = counter++;
      stack.push(p);
      onStack[p] = 1;
      frames.push({ p, edges: reads(p), k: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const f = frames[frames.length - 1] as { p: number; edges: number[]; k: number };
      if (f.k < f.edges.length) {
        const q = f.edges[f.k++] as number;
        if (index[q] === -1) open(q);
        else if (onStack[q]) low[f.p] = Math.min(low[f.p] as number, index[q] as number);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent.p] = Math.min(low[parent.p] as number, low[f.p] as number);
      if (low[f.p] !== index[f.p]) continue;
      const members: number[] = [];
      for (;;) {
        const q = stack.pop() as number;
        onStack[q] = 0;
        members.push(q);
        sub[q] = closed;
        if (q === f.p) break;
      }
      closed++;
      if (members.length > 1 || f.edges.includes(f.p)) for (const q of members) recursive[q] = 1;
    }
  }
  // Number the components: by relation component, then (within a recursive one) the closing order.
  const derived: number[] = [];
  for (let p = 0; p < size; p++) if (!isInput[p]) derived.push(p);
  derived.sort((a, b) => relComp(a) - relComp(b) || (sub[a] as number) - (sub[b] as number));
  const comp = new Int32Array(size).fill(-1);
  let id = -1;
  let prevRel = NaN;
  let prevSub = NaN;
  for (const p of derived) {
    const rc = relComp(p);
    const s = sub[p] as number;
    if (rc !== prevRel || s !== prevSub) id++;
    prevRel = rc;
    prevSub = s;
    comp[p] = id;
  }
  return { comp, recursive };
}
