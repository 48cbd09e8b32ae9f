/**
 * Generation of a layer program, layer by layer in ORDER:
 *
 * 1. evaluate the program with the earlier layers' `placed` facts injected
 *    (reusing the nothing-placed model for everything that does not depend on them);
 * 2. read this layer's sites, probabilities, mask and groups;
 * 3. draw the base genotype: one draw per site, sites in canonical order, from
 *    the stream `layer/NAME/ATTEMPT` derived from the seed;
 * 4. placed = base AND mask;
 * 5. check every group against `(between NAME MIN MAX)`; on a violation redraw
 *    the sites of the groups out of bounds (draw 1, 2, ... up to MAX_ATTEMPTS;
 *    see drawLayer) or, with `(onviolation NAME fail)`, fail at once. A group
 *    that no draw can satisfy fails at once too;
 * 6. inject this layer's `placed` facts for the later layers.
 *
 * The final model (everything placed) is returned with the `(violation ...)`
 * facts it derives, so invariants can be checked over the artifact.
 */
import { withSeed } from '../seed-error.js';
import { GramlogError } from '../../errors.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import type { Params } from '../params.js';
import { memoryGuard, type MemoryBudget } from '../memory.js';
import { createRandom, type Random } from '../../random.js';
import { violationsOf, type Violations } from '../violations.js';
import { forcedBits, type LayerChoices } from './choices.js';
import { didYouMean } from '../../did-you-mean.js';
import { LayerHistory, type DrawRecorder } from './history.js';
import { prepareLayers, type LayerGrammar } from './prepare.js';
import { modelOf } from './satisfy-models.js';
import { MAX_ATTEMPTS, readLayerState, type LayerDecl, type LayerGroup, type LayerState } from './vocabulary.js';

export interface GeneratedLayer {
  name: string;
  order: number;
  /** Canonical text of the keys, in canonical order. */
  sites: string[];
  /** Sites whose base genotype is true. */
  base: string[];
  /** Sites the mask allows. */
  mask: string[];
  /** base AND mask. */
  placed: string[];
  /** Draws it took (1 when the first draw met the group bounds). */
  attempts: number;
  /** The same four sets as term ids of `artifact.program`. */
  ids: { sites: number[]; base: number[]; mask: number[]; placed: number[] };
}

export interface LayerArtifact {
  seed: string | number;
  layers: GeneratedLayer[];
  /** The program generation evaluated (params applied). */
  program: Program;
  /** The model with every layer placed. */
  model: Model;
  /** The injected `(placed NAME KEY)` facts. */
  facts: InjectedFact[];
  /** `(violation ...)` facts of the final model (canonical text, sorted), their properties and rules. */
  violations: Violations;
  /** The forced base bits it was generated with (`LAYER:KEY` → on/off). */
  choices?: Record<string, 'on' | 'off'>;
  /** One transaction per draw (datascript), when generated with `explain: true`: see explainLayers. */
  history?: LayerHistory;
}

export interface GenerateLayerOptions {
  seed?: number | string;
  params?: Params;
  /** Record every draw in a store (for `explainLayers`). Slower. */
  explain?: boolean;
  /** Forced base bits, `LAYER:KEY` → on/off (choices.ts); the artifact records them as `choices`. */
  choose?: LayerChoices;
  /** Overrides naming no site are an error (default true); the shrinker turns it off. */
  strictChoices?: boolean;
  /** Measured after every layer: generate/memory when the heap outgrows it (default: the installed budget, ../memory.ts). */
  memory?: MemoryBudget;
}

/** The base genotype: one draw per site, in the state's site order. */
export function drawBase(state: LayerState, rng: Random): Set<number> {
  const base = new Set<number>();
  for (const s of state.sites) if (rng.chance(state.prob.get(s) ?? 0)) base.add(s);
  return base;
}

/** placed = base AND mask, in site order. */
export function applyMask(state: LayerState, base: ReadonlySet<number>): number[] {
  return state.sites.filter((s) => base.has(s) && state.allowed.has(s));
}


export interface GroupViolation {
  group: LayerGroup;
  count: number;
}

function placedIn(group: LayerGroup, placed: ReadonlySet<number>): number {
  let count = 0;
  for (const s of group.sites) if (placed.has(s)) count++;
  return count;
}

/** The first group (in canonical order) whose placed count is outside [min, max]. */
export function groupViolation(state: LayerState, placed: ReadonlySet<number>, min: number, max: number): GroupViolation | undefined {
  for (const group of state.groups) {
    const count = placedIn(group, placed);
    if (count < min || count > max) return { group, count };
  }
  return undefined;
}

function text(program: Program, ids: readonly number[]): string[] {
  return ids.map((id) => program.terms.print(id));
}

/** Check that some draw can satisfy every group; throw naming the layer and group otherwise. */
function checkFeasible(program: Program, decl: LayerDecl, state: LayerState, bits?: ReadonlyMap<number, boolean>): void {
  const b = decl.between;
  if (!b) return;
  for (const group of state.groups) {
    const possible = group.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0 && bits?.get(s) !== false);
    const forced = possible.filter((s) => (state.prob.get(s) ?? 0) >= 1 || bits?.get(s) === true);
    if (possible.length < b.min) {
      throw new GramlogError(
        'layers/group-bounds',
        `layer ${decl.name}: group ${group.label} has ${possible.length} site(s) the mask allows (${text(program, possible).join(' ') || 'none'}), fewer than the ${b.min} that (between ${decl.name} ${b.min} ${b.max}) needs; no redraw can fix that (run gramlog analyze to see which earlier layers cause it)`,
        b.span,
      );
    }
    if (forced.length > b.max) {
      throw new GramlogError(
        'layers/group-bounds',
        `layer ${decl.name}: group ${group.label} has ${forced.length} allowed site(s) with chance 1, more than the ${b.max} that (between ${decl.name} ${b.min} ${b.max}) allows; no redraw can fix that`,
        b.span,
      );
    }
  }
}

/** Every group whose placed count is outside [min, max], in canonical order. */
export function groupViolations(state: LayerState, placed: ReadonlySet<number>, min: number, max: number): GroupViolation[] {
  const out: GroupViolation[] = [];
  for (const group of state.groups) {
    const count = placedIn(group, placed);
    if (count < min || count > max) out.push({ group, count });
  }
  return out;
}

/**
 * Draw one layer: returns the base genotype, the placed sites and the number
 * of draws. Draw 0 uses the stream `layer/NAME/0`; when groups are out of
 * bounds, draw i redraws the sites of exactly those groups from the stream
 * `layer/NAME/i` (one draw per site, so streams stay aligned) and keeps the
 * rest. For groups that share no sites this gives the same distribution as
 * redrawing the whole layer until every group is in bounds, in far fewer
 * draws (a layer with 20 groups of "exactly one" would otherwise need about
 * 4^20 tries). A recorder, when given, sees every draw.
 */
export function drawLayer(
  program: Program,
  decl: LayerDecl,
  state: LayerState,
  root: Random,
  recorder?: DrawRecorder,
  bits?: ReadonlyMap<number, boolean>,
): { base: Set<number>; placed: number[]; attempts: number } {
  checkFeasible(program, decl, state, bits);
  const drawBits = (rng: Random): Set<number> => {
    const drawn = drawBase(state, rng);
    if (bits) for (const [s, on] of bits) on ? drawn.add(s) : drawn.delete(s);
    return drawn;
  };
  const b = decl.between;
  const misses = new Map<string, { group: LayerGroup; count: number; times: number }>();
  let outside: GroupViolation[] = [];
  let base = drawBits(root.derive(`layer/${decl.name}/0`));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let redrawn: number[] = [];
    if (attempt > 0) {
      const redraw = new Set<number>();
      for (const v of outside) for (const s of v.group.sites) redraw.add(s);
      const fresh = drawBits(root.derive(`layer/${decl.name}/${attempt}`));
      base = new Set(state.sites.filter((s) => (redraw.has(s) ? fresh.has(s) : base.has(s))));
      if (recorder) redrawn = state.sites.filter((s) => redraw.has(s));
    }
    const placed = applyMask(state, base);
    const redrawnGroups = outside;
    outside = b ? groupViolations(state, new Set(placed), b.min, b.max) : [];
    recorder?.drew({ decl, state, attempt: attempt + 1, base, placed, redrawn, redrawnGroups, outside });
    const v = outside[0];
    if (!v) return { base, placed, attempts: attempt + 1 };
    const bounds = `(between ${decl.name} ${b?.min} ${b?.max})`;
    if (decl.onviolation === 'fail') {
      throw new GramlogError(
        'layers/group-bounds',
        `layer ${decl.name}: group ${v.group.label} holds ${v.count} placed site(s), outside ${bounds}, and (onviolation ${decl.name} fail) allows no redraw`,
        b?.span,
      );
    }
    for (const x of outside) {
      const m = misses.get(x.group.label) ?? { group: x.group, count: x.count, times: 0 };
      m.times++;
      m.count = x.count;
      misses.set(x.group.label, m);
    }
  }
  const worst = [...misses.values()].sort((x, y) => y.times - x.times || (x.group.label < y.group.label ? -1 : 1))[0];
  throw new GramlogError(
    'layers/group-bounds',
    `layer ${decl.name}: group ${worst?.group.label} was outside (between ${decl.name} ${b?.min} ${b?.max}) in ${worst?.times} of ${MAX_ATTEMPTS} draws (last count ${worst?.count}); giving up: raise the chances of its sites or widen the bounds`,
    b?.span,
  );
}

/**
 * Generate every layer of a layer program (or of a grammar from prepareLayers,
 * which already has its params applied: `params` is for a Program) for one seed.
 */
export function generateLayers(input: Program | LayerGrammar, options: GenerateLayerOptions = {}): LayerArtifact {
  const grammar = 'layers' in input && 'base' in input ? input : prepareLayers(input, options.params ? { params: options.params } : {});
  const { program, placedRel } = grammar;
  const seed = options.seed ?? 0;
  const root = createRandom(seed);
  const history = options.explain ? new LayerHistory(program, seed) : undefined;
  const facts: InjectedFact[] = [];
  const layers: GeneratedLayer[] = [];
  let model = grammar.base;
  const used = new Set<string>();
  const guard = memoryGuard(options.memory, { unit: 'layers', lower: 'the number of sites (or --max-facts)' });
  try {
    for (const decl of grammar.layers) {
      const state = readLayerState(program, model, decl);
      const bits = forcedBits(program, decl, state, options.choose, used);
      const { base, placed, attempts } = drawLayer(program, decl, state, root, history, bits);
      for (const k of placed) facts.push({ rel: placedRel, tuple: [decl.id, k] });
      const baseIds = state.sites.filter((s) => base.has(s));
      const maskIds = state.sites.filter((s) => state.allowed.has(s));
      layers.push({
        name: decl.name,
        order: decl.order,
        sites: text(program, state.sites),
        base: text(program, baseIds),
        mask: text(program, maskIds),
        placed: text(program, placed),
        attempts,
        ids: { sites: state.sites, base: baseIds, mask: maskIds, placed },
      });
      if (placed.length > 0) model = modelOf(grammar, facts);
      guard.bigStep(decl.span);
    }
  } catch (e) {
    throw e instanceof GramlogError ? withSeed(e, seed) : e;
  }
  const artifact: LayerArtifact = { seed, layers, program, model, facts, violations: violationsOf(model) };
  if (options.choose) {
    const unknown = [...options.choose.keys()].filter((k) => !used.has(k));
    const first = unknown[0];
    if (first !== undefined && options.strictChoices !== false) {
      const names = grammar.layers.map((l) => l.name);
      const layer = first.slice(0, first.indexOf(':'));
      throw new GramlogError('layers/choose-site', `--choose ${first}: ${layer} is not a layer of this file${didYouMean(layer, names, { quote: '', max: 1 })} (layers: ${names.join(', ')})`, undefined);
    }
    if (used.size > 0) artifact.choices = Object.fromEntries([...used].sort().map((k) => [k, options.choose?.get(k) ? 'on' : 'off']));
  }
  if (history) artifact.history = history;
  return artifact;
}
