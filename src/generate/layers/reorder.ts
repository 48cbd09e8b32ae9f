/**
 * The fix for an incomplete layer program: another assignment of the same
 * ORDER values to the layers under which no layer reads a later one and every
 * layer with bounds is proved complete. Orderings are tried nearest first
 * (fewest pairs swapped), at most `maxOrderings` of them; the layers must be
 * declared by plain `(layer NAME ORDER)` facts.
 */
import { GramlogError } from '../../errors.js';
import { buildProgram, type Program } from '../../program/program.js';
import { formatNumber } from '../../program/terms.js';
import type { Statement, SyntaxTree } from '../../syntax/ast.js';
import { checkCompleteness, type CompletenessOptions } from './completeness.js';
import { dynamicRelations } from './dynamic.js';
import { inspectLayers } from './prepare.js';
import type { LayerDecl } from './vocabulary.js';

export interface Reordering {
  /** Layer names in the suggested generation order, with their new ORDER. */
  order: Array<{ name: string; order: number }>;
  /** The `(layer NAME ORDER)` facts to change, as text. */
  changes: string[];
}

/** The program with each layer's ORDER fact replaced (statements otherwise unchanged). */
export function withOrders(program: Program, orders: ReadonlyMap<string, number>): Program {
  const byFile = new Map<string, Statement[]>();
  for (const f of program.files) byFile.set(f, []);
  for (const st of program.statements) {
    let out = st;
    const [name, order] = st.head.args;
    if (st.body.length === 0 && st.head.pred === 'layer' && name?.kind === 'const' && order && orders.has(name.name)) {
      out = { ...st, head: { ...st.head, args: [name, { kind: 'const', name: formatNumber(orders.get(name.name) as number), span: order.span }] } };
    }
    const list = byFile.get(st.span.file) ?? [];
    list.push(out);
    byFile.set(st.span.file, list);
  }
  const trees: SyntaxTree[] = [...byFile].map(([file, statements]) => ({ file, statements }));
  return buildProgram(trees, program.options);
}

/**
 * The work of checking one ordering, in the units of search work (search.ts):
 * its possibility program has, per rule, one copy of the body for each literal
 * that reads a dynamic relation (reads.ts), and a literal of it costs about
 * 100 units (measured).
 */
function orderingCost(program: Program): number {
  const dynamic = dynamicRelations(program);
  let literals = 0;
  for (const rule of program.rules) {
    let reads = 0;
    for (const l of rule.body) if ((l.kind === 'pos' || l.kind === 'neg') && dynamic.has(l.rel)) reads++;
    literals += (rule.body.length + 1) * (1 + reads);
  }
  return 100 * literals;
}

function* permutations(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  const c = new Array<number>(n).fill(0);
  yield [...a];
  for (let i = 1; i < n; ) {
    if ((c[i] as number) < i) {
      const j = i % 2 === 0 ? 0 : (c[i] as number);
      [a[j], a[i]] = [a[i] as number, a[j] as number];
      yield [...a];
      c[i] = (c[i] as number) + 1;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

function inversions(p: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) if ((p[i] as number) > (p[j] as number)) n++;
  return n;
}

/** Whether every layer is declared by exactly one plain fact with a constant name. */
function plainLayerFacts(program: Program, layers: readonly LayerDecl[]): boolean {
  const counts = new Map<string, number>();
  for (const st of program.statements) {
    if (st.head.pred !== 'layer' || st.head.args.length !== 2) continue;
    const name = st.head.args[0];
    if (st.body.length > 0 || st.isRule || name?.kind !== 'const') return false;
    counts.set(name.name, (counts.get(name.name) ?? 0) + 1);
  }
  return layers.every((l) => counts.get(l.name) === 1);
}

/**
 * The nearest ordering that makes every bounded layer complete, undefined when
 * none of the orderings tried does, or 'not-applicable' when layers are not
 * declared by plain facts or there are too many to reorder.
 */
export function suggestReordering(
  program: Program,
  layers: readonly LayerDecl[],
  options: CompletenessOptions & { maxOrderings?: number } = {},
): Reordering | undefined | 'not-applicable' | 'budget' {
  if (layers.length < 2 || layers.length > 7 || !plainLayerFacts(program, layers)) return 'not-applicable';
  const values = layers.map((l) => l.order);
  const perms = [...permutations(layers.length)]
    .filter((p) => inversions(p) > 0)
    .sort((a, b) => inversions(a) - inversions(b) || a.join(',').localeCompare(b.join(',')))
    .slice(0, options.maxOrderings ?? 24);
  const cost = orderingCost(program);
  for (const perm of perms) {
    // the analysis's work spent (search.ts): say so rather than that no ordering works
    if (options.work && options.work.left <= 0) return 'budget';
    if (options.work) options.work.left -= cost;
    // perm[i] is the index of the layer generated i-th.
    const orders = new Map<string, number>();
    perm.forEach((li, pos) => orders.set((layers[li] as LayerDecl).name, values[pos] as number));
    let variant;
    try {
      variant = inspectLayers(withOrders(program, orders));
    } catch (e) {
      if (e instanceof GramlogError) continue;
      throw e;
    }
    if (variant.order.length > 0) continue;
    const verdicts = checkCompleteness(variant.grammar, options);

    if (verdicts.some((v) => v.status === 'unknown') && options.work && options.work.left <= 0) return 'budget';
    if (verdicts.some((v) => v.status !== 'complete')) continue;
    const order = perm.map((li, pos) => ({ name: (layers[li] as LayerDecl).name, order: values[pos] as number }));
    const changes = layers
      .filter((l) => orders.get(l.name) !== l.order)
      .map((l) => `(layer ${l.name} ${formatNumber(orders.get(l.name) as number)})`);
    return { order, changes };
  }
  return undefined;
}
