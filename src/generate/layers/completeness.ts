/**
 * Sequential completeness: for each layer with `(between NAME MIN MAX)` and
 * MIN > 0, can some outcome of the earlier layers leave a group with fewer
 * sites the mask allows (with chance > 0) than MIN? Then no redraw helps and
 * generation fails.
 *
 * Per group G of layer L:
 *
 * 1. *Enumeration* (when G reads at most `localLimit` earlier sites): the reads
 *    analysis (reads.ts) gives every earlier `(placed M J)` that the sites,
 *    mask, chances and groups of G's sites can consult. Every assignment of
 *    those sites is tried (assignments that break a bound of M's own groups
 *    are skipped: necessary conditions only), evaluating the program with
 *    them placed. Sites outside that set cannot change G's count, so when no
 *    assignment leaves G short, G is complete: a proof, not a sample.
 *    An assignment that leaves G short is a candidate; an exact search
 *    (search.ts) then looks for a real outcome of the earlier layers that
 *    agrees with it. Found: incomplete, with that outcome as the example.
 *    Refuted exhaustively: the candidate was not reachable; go on.
 * 2. *Worst-case queries* (larger groups): the bounds program (bounds.ts)
 *    gives the sites allowed in every outcome; when G has MIN of them it is
 *    complete. Otherwise a bounded search over whole outcomes looks for a
 *    counterexample; without one the verdict is "unknown" (a warning that
 *    says it could not decide).
 */
import { message, option, partsOf, wordMessage, type MessagePart } from '../../wording.js';
import type { Span } from '../../errors.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import type { Program } from '../../program/program.js';
import { boundsModel, type BoundsModel } from './bounds.js';
import { dynamicRelations } from './dynamic.js';
import type { LayerGrammar } from './prepare.js';
import { modelWith, searchOutcome, type AnalysisWork } from './search.js';
import { solveLayerFailure, type SolverOptions } from './solver.js';
import { DEFAULT_CHANCE, hasGroupsFor, readLayerState, type Bounds, type LayerDecl, type LayerState } from './vocabulary.js';
import { maxOf, pushAll } from '../../arrays.js';

export type CompletenessStatus = 'complete' | 'incomplete' | 'unknown';

export interface CompletenessVerdict {
  layer: LayerDecl;
  status: CompletenessStatus;
  /** How the verdict was reached, in words ("enumerated 15 outcomes of the 4 earlier sites each group reads"). */
  method: string;
  /** For incomplete/unknown: the group and the explanation. */
  group?: string;
  message: string;
  /** The message with the options it names as data (src/wording.ts), when it names one. */
  parts?: readonly MessagePart[];
  /** The earlier layers involved. */
  earlier: string[];
  span: Span | undefined;
  /** For incomplete: the `(placed M K)` facts of an outcome of the earlier layers under which the layer fails. */
  outcome?: InjectedFact[];
}

export interface CompletenessOptions extends SolverOptions {
  /** Ask the SAT solver where enumeration and worst-case queries do not decide (default true). */
  solver?: boolean;
  /** Largest number of earlier sites a group may read for enumeration (default 12). */
  localLimit?: number;
  /** Model evaluations per confirming search (default 2000). */
  searchBudget?: number;
  /** Candidates to try to confirm per layer before giving up (default 40). */
  maxCandidates?: number;
  /** Work shared by every search of the analysis (search.ts); default: unbounded for one call. */
  work?: AnalysisWork;
}

interface Site {
  layer: LayerDecl;
  key: number;
}

function countAllowed(state: LayerState, label: string): number | undefined {
  const g = state.groups.find((x) => x.label === label);
  if (!g) return undefined;
  return g.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0).length;
}

/** The first group of `state` below MIN, described; undefined when none. */
function shortGroup(state: LayerState, min: number): string | undefined {
  for (const g of state.groups) {
    const n = g.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0).length;
    if (n < min) return `${g.label}\u0000${n}`;
  }
  return undefined;
}

function describeOutcome(program: Program, layers: readonly LayerDecl[], facts: readonly InjectedFact[], only?: ReadonlySet<string>): string {
  const byLayer = new Map<number, number[]>();
  for (const f of facts) {
    const [l, k] = [f.tuple[0] as number, f.tuple[1] as number];
    if (only && !only.has(`${l},${k}`)) continue;
    const list = byLayer.get(l) ?? [];
    list.push(k);
    byLayer.set(l, list);
  }
  const parts: string[] = [];
  for (const l of layers) {
    const keys = byLayer.get(l.id);
    if (keys && keys.length > 0) parts.push(`${l.name} places ${keys.map((k) => program.terms.print(k)).sort().join(' ')}`);
  }
  return parts.length === 0 ? 'the earlier layers place none of the sites it reads' : parts.join(' and ');
}

/** Possible sites of `layer` by group (from the possibility model), or one 'all' group. */
function possibleGroups(g: LayerGrammar, layer: LayerDecl): Map<string, Set<number>> {
  const { reads, program } = g;
  const sites = new Set<number>();
  for (const t of reads.model.tuples('site', 2)) if (reads.toOriginal(t[0] as number) === layer.id) sites.add(reads.toOriginal(t[1] as number));
  const out = new Map<string, Set<number>>();
  if (!hasGroupsFor(program, layer.id)) {
    out.set('all', sites);
    return out;
  }
  for (const t of reads.model.tuples('group', 3)) {
    if (reads.toOriginal(t[0] as number) !== layer.id) continue;
    const k = reads.toOriginal(t[1] as number);
    if (!sites.has(k)) continue;
    const label = program.terms.print(reads.toOriginal(t[2] as number));
    const set = out.get(label) ?? new Set();
    set.add(k);
    out.set(label, set);
  }
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** Necessary group-bound conditions of the earlier layers, for layers whose sites and groups are static. */
function boundFilters(g: LayerGrammar): Map<number, Array<{ members: Set<number>; min: number; max: number }>> {
  const program = g.program;
  const dynamic = dynamicRelations(program);
  const isStatic = (n: string, a: number) => {
    const r = program.findRelation(n, a);
    return !r || !dynamic.has(r.id);
  };
  const out = new Map<number, Array<{ members: Set<number>; min: number; max: number }>>();
  if (!isStatic('site', 2) || !isStatic('group', 3)) return out;
  for (const m of g.layers) {
    if (!m.between) continue;
    const state = readLayerState(program, g.base, m);
    const possible = g.reads.possible.get(m.id) ?? new Set();
    out.set(
      m.id,
      state.groups.map((grp) => ({ members: new Set(grp.sites.filter((s) => possible.has(s))), min: m.between?.min ?? 0, max: m.between?.max ?? Infinity })),
    );
  }
  return out;
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/** What the checks of every layer share: the options, the earlier layers' bound filters, and the worst-case program once built. */
interface CompletenessRun {
  g: LayerGrammar;
  options: CompletenessOptions;
  localLimit: number;
  budget: number;
  maxCandidates: number;
  byId: Map<number, LayerDecl>;
  filters: ReturnType<typeof boundFilters>;
  bounds?: BoundsModel | { problem: string };
}

/** One layer's check as it goes: its groups, what it found, and what it counted for the message. */
interface LayerCheck {
  layer: LayerDecl;
  between: Bounds;
  groups: GroupPlan[];
  /** The earlier layers its groups read. */
  earlierNames: Set<string>;
  /** The most earlier sites a group reads. */
  maxRead: number;
  enumerated: number;
  evaluations: number;
  candidates: number;
  skipped: number;
  viaBounds: number;
  provedBySearch: number;
  solved: number;
  verdict?: CompletenessVerdict;
  unknown?: CompletenessVerdict;
}

/** Completeness verdicts for every layer with a positive MIN, in generation order. */
export function checkCompleteness(g: LayerGrammar, options: CompletenessOptions = {}): CompletenessVerdict[] {
  const run: CompletenessRun = {
    g,
    options,
    localLimit: options.localLimit ?? 12,
    budget: options.searchBudget ?? 2000,
    maxCandidates: options.maxCandidates ?? 40,
    byId: new Map(g.layers.map((l) => [l.id, l])),
    filters: boundFilters(g),
  };
  const verdicts: CompletenessVerdict[] = [];
  for (const layer of g.layers) {
    const between = layer.between;
    if (!between) continue;
    if (between.min === 0) {
      // Only the upper bound can make generation fail: chance-1 sites the mask allows.
      if (options.solver !== false && mayForce(g, layer)) {
        const v = solverVerdict(g, layer, 'over', options, undefined);
        if (v && v.status !== 'complete') verdicts.push(v);
      }
      continue;
    }
    verdicts.push(layerVerdict(run, layer, between));
  }
  return verdicts;
}

/** The verdict on one layer with MIN > 0: enumeration, worst-case queries, then the solver. */
function layerVerdict(run: CompletenessRun, layer: LayerDecl, between: Bounds): CompletenessVerdict {
  const check: LayerCheck = { layer, between, groups: [], earlierNames: new Set(), maxRead: 0, enumerated: 0, evaluations: 0, candidates: 0, skipped: 0, viaBounds: 0, provedBySearch: 0, solved: 0 };
  planGroups(run, check);
  enumerateGroups(run, check);
  if (check.skipped > 0 && !check.verdict && !check.unknown) {
    check.unknown = {
      layer,
      status: 'unknown',
      method: 'enumeration (too many candidates)',
      message: `could not decide whether layer ${layer.name} is sequentially complete: ${check.candidates + check.skipped} assignments of the earlier sites its groups read leave a group short; the first ${check.candidates} were refuted by searching the earlier layers and the rest were not searched`,
      earlier: [...check.earlierNames].sort(),
      span: between.span,
    };
  }
  if (!check.verdict) queryWorstCases(run, check);
  askSolver(run, check);
  return check.verdict ?? check.unknown ?? completeVerdict(run, check);
}

/** The earlier sites each group's count can depend on. */
function planGroups(run: CompletenessRun, check: LayerCheck): void {
  const { g, byId } = run;
  const { layer } = check;
  for (const [label, members] of possibleGroups(g, layer)) {
    const relevant = new Map<string, Site>();
    for (const r of g.reads.reads) {
      if (r.reader !== layer.id || r.key === undefined) continue;
      if (r.readerKey !== undefined && !members.has(r.readerKey)) continue;
      const m = byId.get(r.layer);
      const key = r.key;
      if (!m || m.order >= layer.order || !g.reads.possible.get(m.id)?.has(key)) continue;
      relevant.set(`${m.id},${key}`, { layer: m, key });
      check.earlierNames.add(m.name);
    }
    const sites = [...relevant.values()].sort((x, y) => x.layer.order - y.layer.order || g.program.terms.print(x.key).localeCompare(g.program.terms.print(y.key)));
    check.maxRead = Math.max(check.maxRead, sites.length);
    check.groups.push({ label, members, relevant, sites, masks: [] });
  }
}

/**
 * 1. Enumeration. Groups whose relevant sites are disjoint share evaluations:
 *    a group's count depends only on its own relevant sites, so the i-th
 *    assignment of every group in a batch can be placed at once.
 */
function enumerateGroups(run: CompletenessRun, check: LayerCheck): void {
  const { g } = run;
  const small = check.groups.filter((grp) => grp.sites.length <= run.localLimit);
  for (const grp of small) {
    check.enumerated++;
    const n = grp.sites.length;
    grp.masks = Array.from({ length: 1 << n }, (_, i) => i)
      .sort((x, y) => popcount(x) - popcount(y) || x - y)
      .filter((mask) => feasible(grp.sites, mask, run.filters));
  }
  for (const batch of disjointBatches(small)) {
    const rounds = maxOf(batch.map((grp) => grp.masks.length), 0);
    for (let round = 0; round < rounds; round++) {
      const facts: InjectedFact[] = [];
      for (const grp of batch) {
        const mask = grp.masks[round];
        if (mask !== undefined) pushAll(facts, assignment(g, grp.sites, mask));
      }
      const state = readLayerState(g.program, modelWith(g, facts), check.layer);
      check.evaluations++;
      for (const grp of batch) {
        const mask = grp.masks[round];
        if (mask === undefined) continue;
        const count = countAllowed(state, grp.label);
        if (count === undefined || count >= check.between.min) continue;
        if (confirmCandidate(run, check, grp, mask, count)) return;
      }
    }
  }
}

/** The groups in batches whose relevant sites are disjoint, each group in the first batch it fits. */
function disjointBatches(groups: readonly GroupPlan[]): GroupPlan[][] {
  const batches: GroupPlan[][] = [];
  const batchKeys: Array<Set<string>> = [];
  for (const grp of groups) {
    let i = batchKeys.findIndex((keys) => ![...grp.relevant.keys()].some((k) => keys.has(k)));
    if (i < 0) {
      i = batches.length;
      batches.push([]);
      batchKeys.push(new Set());
    }
    batches[i]?.push(grp);
    for (const k of grp.relevant.keys()) batchKeys[i]?.add(k);
  }
  return batches;
}

/** A candidate assignment that leaves a group short: confirm it with a real outcome. Returns whether it was (the verdict is set). */
function confirmCandidate(run: CompletenessRun, check: LayerCheck, grp: GroupPlan, mask: number, count: number): boolean {
  const { g, options } = run;
  const { layer, between: b } = check;
  if (check.candidates >= run.maxCandidates) {
    check.skipped++;
    return false;
  }
  check.candidates++;
  const fixed = new Map<string, boolean>();
  grp.sites.forEach((site, i) => fixed.set(`${site.layer.id},${site.key}`, (mask & (1 << i)) !== 0));
  const search = searchOutcome(g, layer, (st) => shortGroup(st, b.min), fixed, { budget: run.budget, ...(options.work ? { work: options.work } : {}) });
  const n = grp.sites.length;
  if (search.found) {
    check.verdict = incomplete(
      g,
      layer,
      search.found,
      `enumerated the outcomes of the ${n} earlier site(s) group ${grp.label} reads, and confirmed one with a full outcome of the earlier layers`,
      `, and no redraw can fix that (found by enumerating the outcomes of the ${n} earlier site(s) that group ${grp.label} reads)`,
      (glabel) => (glabel === grp.label ? new Set(grp.relevant.keys()) : undefined),
    );
    return true;
  }
  if (!search.exhaustive && !check.unknown) {
    check.unknown = {
      layer,
      status: 'unknown',
      method: 'enumeration (unconfirmed)',
      group: grp.label,
      message:
        `layer ${layer.name} may not be sequentially complete: group ${grp.label} of ${layer.name} has ${count} allowed site(s), fewer than the ${b.min} that (between ${layer.name} ${b.min} ${b.max}) needs, ` +
        `when ${describeOutcome(g.program, g.layers, assignment(g, grp.sites, mask))}; a search of ${search.evaluations} outcomes could not confirm that the earlier layers can produce this`,
      earlier: [...check.earlierNames].sort(),
      span: b.span,
    };
  }
  return false;
}

/** 2. Groups that read too many earlier sites: worst-case queries. */
function queryWorstCases(run: CompletenessRun, check: LayerCheck): void {
  const { g, options } = run;
  const { layer, between: b } = check;
  let whole: ReturnType<typeof searchOutcome> | undefined;
  for (const { label, members, sites } of check.groups.filter((grp) => grp.sites.length > run.localLimit)) {
    check.viaBounds++;
    if (run.bounds === undefined) run.bounds = boundsModel(g.program, g.layers);
    const bounds = run.bounds;
    const lower = 'problem' in bounds ? undefined : certainCount(g, bounds, layer, label, members);
    if (lower !== undefined && lower >= b.min) continue;
    // One search of whole outcomes serves every group (it accepts any short group).
    // With the solver on, it decides instead (below): no bounded search first.
    whole ??= options.solver !== false ? { exhaustive: false, evaluations: 0 } : searchOutcome(g, layer, (st) => shortGroup(st, b.min), new Map(), { budget: run.budget, ...(options.work ? { work: options.work } : {}) });
    const search = whole;
    if (!search.found && search.exhaustive) {
      check.provedBySearch = search.evaluations;
      continue;
    }
    if (search.found) {
      check.verdict = incomplete(g, layer, search.found, 'worst-case queries, then a search of whole outcomes', ' (found by a search of whole outcomes after worst-case queries)');
      return;
    }
    if (!check.unknown) {
      const why =
        lower === undefined
          ? `the worst-case program could not be built (${'problem' in bounds ? bounds.problem : 'dynamic chances'})`
          : `by worst-case queries (every earlier site that can block it placed, none that can enable it) group ${label} keeps only ${lower} certainly allowed site(s), fewer than ${b.min}`;
      check.unknown = {
        layer,
        status: 'unknown',
        method: 'worst-case queries (inconclusive)',
        group: label,
        message: `could not decide whether layer ${layer.name} is sequentially complete: group ${label} reads ${sites.length} earlier sites, too many to enumerate; ${why}${search.evaluations > 0 ? `, and a search of ${search.evaluations} outcomes found no counterexample` : ''}`,
        earlier: [...check.earlierNames].sort(),
        span: b.span,
      };
    }
  }
}

/** 3. The SAT solver decides what the first two steps left unknown, and checks the upper bound. */
function askSolver(run: CompletenessRun, check: LayerCheck): void {
  const { g, options } = run;
  const { layer } = check;
  if (!check.verdict && check.unknown && options.solver !== false) {
    const v = solverVerdict(g, layer, 'short', options, check.unknown);
    if (v?.status === 'complete') {
      check.unknown = undefined;
      check.solved = Number(v.method);
    } else if (v?.status === 'incomplete') check.verdict = v;
    else if (v) check.unknown = v;
  }
  if (!check.verdict && !check.unknown && options.solver !== false && mayForce(g, layer)) {
    const v = solverVerdict(g, layer, 'over', options, undefined);
    if (v && v.status !== 'complete') (v.status === 'incomplete' ? (check.verdict = v) : (check.unknown = v));
  }
}

/** The verdict of a layer proved complete, saying how. */
function completeVerdict(run: CompletenessRun, check: LayerCheck): CompletenessVerdict {
  const { layer } = check;
  const how: string[] = [];
  if (check.solved > 0) how.push(`a SAT solver over the ${check.solved} ground atoms of the program found no outcome of the earlier layers that leaves a group short`);
  if (check.enumerated > 0) how.push(`enumerated the outcomes of the earlier sites each of ${check.enumerated} group(s) reads (at most ${Math.min(check.maxRead, run.localLimit)} sites, ${check.evaluations} evaluations)`);
  if (check.viaBounds > 0) {
    how.push(
      check.provedBySearch > 0
        ? `worst-case queries for ${check.viaBounds} group(s), then an exhaustive search of the outcomes of the earlier layers (${check.provedBySearch} evaluations)`
        : `worst-case queries for ${check.viaBounds} group(s)`,
    );
  }
  if (check.groups.length === 0) how.push('it has no groups');
  return {
    layer,
    status: 'complete',
    method: how.join('; '),
    message: `layer ${layer.name} is sequentially complete: ${how.join('; ')}`,
    earlier: [...check.earlierNames].sort(),
    span: check.between.span,
  };
}

/** Can some site of `layer` have chance 1 (so its group may hold more forced sites than MAX)? */
function mayForce(g: LayerGrammar, layer: LayerDecl): boolean {
  const dynamic = dynamicRelations(g.program);
  for (const [n, a] of [['chance', 2], ['sitechance', 3]] as const) {
    const r = g.program.findRelation(n, a);
    if (r && dynamic.has(r.id)) return true;
  }
  const state = readLayerState(g.program, g.base, layer);
  return [...state.prob.values()].some((p) => p >= 1);
}

/**
 * The solver's verdict on `layer` ('short': fewer allowed sites than MIN;
 * 'over': more chance-1 sites than MAX). Complete carries the number of ground
 * atoms in `method`; unknown extends `before` (the verdict without the solver)
 * with why the solver could not decide and which budget to raise.
 */
function solverVerdict(
  g: LayerGrammar,
  layer: LayerDecl,
  question: 'short' | 'over',
  options: CompletenessOptions,
  before: CompletenessVerdict | undefined,
): CompletenessVerdict | undefined {
  const b = layer.between as NonNullable<LayerDecl['between']>;
  const a = solveLayerFailure(g, layer, question, options);
  const earlier = before?.earlier ?? [];
  if (a.status === 'unsat') {
    return { layer, status: 'complete', method: String(a.atoms), message: '', earlier, span: b.span };
  }
  if (a.status === 'sat') {
    const where = `when ${describeOutcome(g.program, g.layers, a.facts)}, group ${a.group} of ${layer.name} has ${a.count}`;
    const what =
      a.kind === 'short'
        ? `allowed site(s), fewer than the ${b.min} that (between ${layer.name} ${b.min} ${b.max}) needs`
        : `allowed site(s) with chance 1, more than the ${b.max} that (between ${layer.name} ${b.min} ${b.max}) allows`;
    return {
      layer,
      status: 'incomplete',
      method: `a SAT solver over the ${a.atoms} ground atoms of the program, its outcome confirmed by evaluation`,
      group: a.group,
      message: `layer ${layer.name} is not sequentially complete: ${where} ${what}, and no redraw can fix that (proved by a SAT solver; the outcome is confirmed by evaluating the program)`,
      earlier: layersOf(a.facts, g.layers),
      span: b.span,
      outcome: a.facts,
    };
  }
  if (a.status === 'unknown' && question === 'over' && !before) {
    return {
      layer,
      status: 'unknown',
      method: 'solver (inconclusive)',
      ...worded(message`could not decide whether layer ${layer.name} can get more chance-1 sites than (between ${layer.name} ${b.min} ${b.max}) allows: ${a.reason}${raiseParts(a.raise)}`),
      earlier,
      span: b.span,
    };
  }
  if (!before) return undefined;
  return {
    ...before,
    method: `${before.method}; solver (inconclusive)`,
    ...worded(message`${partsOf(before)}; the SAT solver could not decide either: ${a.reason}${raiseParts(a.raise)}`),
  };
}

/** A verdict's message and its parts (the solver budget's option as data). */
function worded(parts: readonly MessagePart[]): { message: string; parts: readonly MessagePart[] } {
  return { message: wordMessage(parts, 'api'), parts };
}

function raiseParts(raise: 'solverAtoms' | 'solverRetries' | 'none'): readonly MessagePart[] {
  return raise === 'solverAtoms'
    ? message` (raise the solver budget: ${option('solverAtoms', 'either')})`
    : raise === 'solverRetries'
      ? [' (raise the solver budget: the solverRetries option)']
      : [];
}

interface GroupPlan {
  label: string;
  members: Set<number>;
  relevant: Map<string, Site>;
  sites: Site[];
  /** Feasible assignments of `sites` (bit i: sites[i] placed), fewest placed first. */
  masks: number[];
}

/**
 * The verdict for an outcome a search found (its detail is `GROUP\0ALLOWED`):
 * `layer` is not sequentially complete. `how` ends the message; `only` picks
 * the earlier sites worth naming in the outcome, by the short group's label.
 */
function incomplete(
  g: LayerGrammar,
  layer: LayerDecl,
  found: { facts: InjectedFact[]; detail: string },
  method: string,
  how: string,
  only: (group: string) => ReadonlySet<string> | undefined = () => undefined,
): CompletenessVerdict {
  const b = layer.between as NonNullable<LayerDecl['between']>;
  const [group, got] = found.detail.split('\u0000') as [string, string];
  return {
    layer,
    status: 'incomplete',
    method,
    group,
    message:
      `layer ${layer.name} is not sequentially complete: when ${describeOutcome(g.program, g.layers, found.facts, only(group))}, ` +
      `group ${group} of ${layer.name} has ${got} allowed site(s), fewer than the ${b.min} that (between ${layer.name} ${b.min} ${b.max}) needs${how}`,
    earlier: layersOf(found.facts, g.layers),
    span: b.span,
    outcome: found.facts,
  };
}

function assignment(g: LayerGrammar, sites: readonly Site[], mask: number): InjectedFact[] {
  const facts: InjectedFact[] = [];
  sites.forEach((s, i) => {
    if (mask & (1 << i)) facts.push({ rel: g.placedRel, tuple: [s.layer.id, s.key] });
  });
  return facts;
}

function layersOf(facts: readonly InjectedFact[], layers: readonly LayerDecl[]): string[] {
  const ids = new Set(facts.map((f) => f.tuple[0] as number));
  return layers.filter((l) => ids.has(l.id)).map((l) => l.name);
}

/** Necessary conditions: no earlier group over its MAX, none that can no longer reach its MIN. */
function feasible(sites: readonly Site[], mask: number, filters: Map<number, Array<{ members: Set<number>; min: number; max: number }>>): boolean {
  const byLayer = new Map<number, Map<number, boolean>>();
  sites.forEach((s, i) => {
    const m = byLayer.get(s.layer.id) ?? new Map<number, boolean>();
    m.set(s.key, (mask & (1 << i)) !== 0);
    byLayer.set(s.layer.id, m);
  });
  for (const [layerId, assigned] of byLayer) {
    for (const grp of filters.get(layerId) ?? []) {
      let placed = 0;
      let open = 0;
      for (const s of grp.members) {
        const a = assigned.get(s);
        if (a === true) placed++;
        else if (a === undefined) open++;
      }
      if (placed > grp.max || placed + open < grp.min) return false;
    }
  }
  return true;
}

/** Sites of group `label` allowed in every outcome (bounds model); undefined when chances depend on placed. */
function certainCount(g: LayerGrammar, bounds: BoundsModel, layer: LayerDecl, label: string, members: ReadonlySet<number>): number | undefined {
  const dynamic = dynamicRelations(g.program);
  for (const [n, a] of [['chance', 2], ['sitechance', 3]] as const) {
    const r = g.program.findRelation(n, a);
    if (r && dynamic.has(r.id)) return undefined;
  }
  const prob = (k: number): number => {
    const own = g.base.tuples('sitechance', 3).find((t) => t[0] === layer.id && t[1] === k);
    const all = g.base.tuples('chance', 2).find((t) => t[0] === layer.id);
    const p = own ? own[2] : all ? all[1] : undefined;
    return p === undefined ? DEFAULT_CHANCE : (g.program.terms.numberValue(p) ?? 0);
  };
  const m = bounds.model;
  const lo = (n: string, a: number) => m.tuples(bounds.nameOf(n, a, 'lo'), a).map((t) => t.map(bounds.toOriginal));
  const sites = new Set(lo('site', 2).filter((t) => t[0] === layer.id).map((t) => t[1] as number));
  const allowed = layer.masked ? new Set(lo('allow', 2).filter((t) => t[0] === layer.id).map((t) => t[1] as number)) : sites;
  const inGroup =
    label === 'all' && !hasGroupsFor(g.program, layer.id)
      ? sites
      : new Set(lo('group', 3).filter((t) => t[0] === layer.id && g.program.terms.print(t[2] as number) === label).map((t) => t[1] as number));
  let n = 0;
  for (const s of members) {
    if (sites.has(s) && inGroup.has(s) && allowed.has(s) && prob(s) > 0) n++;
  }
  return n;
}
