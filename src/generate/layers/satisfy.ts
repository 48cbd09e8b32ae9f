/**
 * The layer file's part of `--satisfy` (../satisfy/): a complete solver over
 * every outcome of the file, steered by the seed's own draws.
 *
 * The encoding is the one `analyze` proves sequential completeness with
 * (solver.ts: the dynamic program grounded, Clark completion, a free
 * "placed" variable per layer and candidate site under its mask, its chances
 * 0 and 1 and its group bounds), here over every layer at once, with every
 * ground `(violation ...)` atom required false (satisfy-encode.ts).
 *
 * Why "unsat" is a proof: layers never read a layer of equal or higher order
 * (order-check.ts, enforced when the file is prepared), so the final model's
 * `site`, `allow`, `chance`, `sitechance` and `group` of a layer are what
 * generation read when it drew that layer; and the stratified model of a real
 * outcome is a supported model, i.e. a model of the completion. So every
 * outcome generation can produce, violation-free and within its bounds, is a
 * model of the encoding: no model, no such outcome, whatever the seed.
 *
 * A model can be spurious (completion also admits unsupported loops through
 * positive recursion on `placed`): every model is confirmed by generating it
 * with forced bits, and a spurious one is blocked and the solver asked again,
 * as solver.ts does.
 *
 * Steering, deterministic per seed: the answer keeps as much of the seed's
 * own draw as it can, layer by layer in order: each layer's sites are kept
 * as the seed placed them when the layers kept so far allow it, else site by
 * site (in an order drawn from the seed), each kept unless keeping it leaves
 * no model. Every step is decided by whether a model exists (SAT or UNSAT, a
 * fact about the file), never by which model MiniSat happens to return, so
 * the answer does not depend on the seeds the encoding served before
 * (--count, --jobs, --shard). Most steps need no solver call (the last model
 * already keeps the site). The answer is returned as the fewest forced base
 * bits that turn the seed's own first draw of each layer into that outcome:
 * every other bit stays the seed's. The caller's forced bits (--choose) are
 * constraints of every model: a forced "on" places its site wherever the site
 * is under its layer's mask, a forced "off" never.
 */
import type { LogicTypes } from './logic-types.js';
import { Logic } from './logic.js';
import { GramlogError } from '../../errors.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import { createRandom, type Random } from '../../random.js';
import type { CheckChoices, SatisfyPart, SolveResult } from '../style.js';
import { choiceKey, forcedBits, parseLayerChoices, type LayerChoices } from './choices.js';
import { applyMask, drawBase, drawLayer, groupViolations, type LayerArtifact } from './generate.js';
import { violationsOf } from '../violations.js';
import type { LayerGrammar } from './prepare.js';
import { modelWith } from './search.js';
import { modelOf, rememberModels } from './satisfy-models.js';
import { encodeSatisfy, type Encoded, type SatisfyEncoding } from './satisfy-encode.js';
import { RawSteer } from './satisfy-steer.js';
import { contained, SolverAbort, SOLVER_MEMORY } from './solver.js';
import { readLayerState, type LayerDecl, type LayerState } from './vocabulary.js';

type Op = LogicTypes.Operand;

/**
 * A layer's state (its sites, mask and chances) as generation reads it after
 * the given earlier layers' placed facts, evaluated once per seed for each
 * distinct set of them: the seed's own draw and the answer share every layer
 * up to the first one the steering changed.
 */
class LayerStates {
  private readonly known = new Map<string, LayerState>();
  constructor(private readonly g: LayerGrammar) {}
  of(decl: LayerDecl, earlier: readonly InjectedFact[]): LayerState {
    const key = `${decl.id}|${earlier.map(factKey).sort().join(' ')}`;
    let state = this.known.get(key);
    if (!state) this.known.set(key, (state = readLayerState(this.g.program, modelOf(this.g, earlier), decl)));
    return state;
  }
}

/** The placed sites of the seed's plain generation per layer (`layerId,siteId`); a layer whose bounds fail keeps its first draw, masked. */
function plainPlacement(g: LayerGrammar, seed: number | string, states: LayerStates, forced?: LayerChoices): { keys: Set<string>; facts: InjectedFact[] } {
  const root = createRandom(seed);
  const facts: InjectedFact[] = [];
  const out = new Set<string>();
  for (const decl of g.layers) {
    const state = states.of(decl, facts);
    let placed: number[];
    try {
      placed = drawLayer(g.program, decl, state, root, undefined, forcedBits(g.program, decl, state, forced, new Set())).placed;
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      placed = applyMask(state, firstDraw(g, decl, state, root, forced));
    }
    for (const k of placed) {
      facts.push({ rel: g.placedRel, tuple: [decl.id, k] });
      out.add(`${decl.id},${k}`);
    }
  }
  return { keys: out, facts };
}

/**
 * The fewest forced bits under which the seed's first draw of every layer
 * places exactly `facts`, within every layer's bounds, deriving no violation:
 * what generating with them gives (generation reads each layer as here).
 * Undefined when `facts` is not such an outcome (a site placed that is not a
 * site, not allowed, or of chance 0; an allowed site of chance 1 left out; a
 * bound or a violation broken): a spurious model.
 */
function forcedFor(g: LayerGrammar, seed: number | string, facts: readonly InjectedFact[], states: LayerStates, forced?: LayerChoices): Change[] | undefined {
  const root = createRandom(seed);
  const choose: Change[] = [];
  const wanted = new Set(facts.map(factKey));
  const earlier: InjectedFact[] = [];
  for (const decl of g.layers) {
    const state = states.of(decl, earlier);
    const drawn = firstDraw(g, decl, state, root, forced);
    const mine = facts.filter((f) => f.tuple[0] === decl.id);
    for (const f of mine) {
      const k = f.tuple[1] as number;
      if (!state.allowed.has(k) || !((state.prob.get(k) ?? 0) > 0) || !state.sites.includes(k)) return undefined;
    }
    for (const k of state.sites) {
      if (!state.allowed.has(k)) continue;
      const on = wanted.has(`${decl.id},${k}`);
      if (!on && (state.prob.get(k) ?? 0) >= 1) return undefined;
      if (drawn.has(k) === on) continue;
      const key = choiceKey(decl.name, g.program.terms.print(k));
      // a bit the caller forced is never changed
      if (forced?.has(key)) return undefined;
      choose.push({ key, fact: { rel: g.placedRel, tuple: [decl.id, k] }, on });
    }
    const b = decl.between;
    if (b && groupViolations(state, new Set(mine.map((f) => f.tuple[1] as number)), b.min, b.max).length > 0) return undefined;
    for (const f of mine) earlier.push(f);
  }
  return violationsOf(modelOf(g, earlier)).facts.length === 0 ? choose : undefined;
}

/** A forced bit of a steered answer: the seed's own first draw of that site flipped. */
interface Change {
  readonly key: string;
  readonly fact: InjectedFact;
  /** The bit forced (the seed drew the other). */
  readonly on: boolean;
}

/**
 * What each change avoided: what undoing this one change in the answer (the
 * seed's own draw of that site back) would break, the violations it derives
 * and the bound of the change's layer. A change that breaks nothing undone
 * alone (it goes with the others, e.g. a site an earlier change took out of
 * its layer's mask) lists none.
 */
function avoidedBy(g: LayerGrammar, states: LayerStates, answer: readonly InjectedFact[], changes: readonly Change[]): string[][] {
  const order = new Map(g.layers.map((l, i) => [l.id, i]));
  return changes.map((c) => {
    const k = factKey(c.fact);
    const undone = c.on ? answer.filter((f) => factKey(f) !== k) : [...answer, c.fact];
    const broken = violationsOf(modelWith(g, undone)).facts;
    const at = order.get(c.fact.tuple[0] as number) as number;
    const decl = g.layers[at] as LayerDecl;
    const b = decl.between;
    if (b) {
      const state = states.of(decl, answer.filter((f) => (order.get(f.tuple[0] as number) as number) < at));
      const mine = new Set(undone.filter((f) => f.tuple[0] === decl.id).map((f) => f.tuple[1] as number));
      if (groupViolations(state, mine, b.min, b.max).length > 0) broken.push(`(between ${decl.name} ${b.min} ${b.max})`);
    }
    return broken;
  });
}

/** The seed's first draw of a layer's base bits, with the caller's forced bits. */
function firstDraw(g: LayerGrammar, decl: LayerDecl, state: LayerState, root: Random, forced: LayerChoices | undefined): Set<number> {
  const drawn = drawBase(state, root.derive(`layer/${decl.name}/0`));
  for (const [k, on] of forcedBits(g.program, decl, state, forced, new Set()) ?? []) on ? drawn.add(k) : drawn.delete(k);
  return drawn;
}

const factKey = (f: InjectedFact): string => `${f.tuple[0] as number},${f.tuple[1] as number}`;

/**
 * Seeds one encoding serves before it is built anew (building takes about
 * 0.5 s on the 12x12 rules/island.gdl). A seed's clauses are retired when it
 * is done, but its variables and MiniSat's learnt clauses stay; 1,000 island
 * seeds on one encoding were measured within MiniSat's heap. A rebuild never
 * changes an answer (the steering is decided by SAT/UNSAT verdicts alone).
 */
const SEEDS_PER_ENCODING = 1000;

const encodings = new WeakMap<LayerGrammar, { encoded: Encoded; seeds: number }>();

function encodingOf(g: LayerGrammar): Encoded {
  let e = encodings.get(g);
  if (!e || e.seeds >= SEEDS_PER_ENCODING) encodings.set(g, (e = { encoded: encodeSatisfy(g), seeds: 0 }));
  e.seeds++;
  return e.encoded;
}

/**
 * The outcome that keeps the most of `plain`, layer by layer (see above),
 * among the models of `start` (a variable of `steer`, 0: none): its placed
 * facts; null when there is none, undefined when the budget ran out first.
 */
function steer(raw: RawSteer, enc: SatisfyEncoding, layers: readonly string[][], plain: ReadonlySet<string>, start: number, spend: () => boolean): InjectedFact[] | null | undefined {
  let fixed = start;
  // every placed variable by its place in the steering order: its number and the literal that keeps the seed's site
  const all = layers.flat();
  const nums = all.map((v) => raw.num(v));
  const keeps = all.map((v, i) => (plain.has(factKey(enc.placedVars.get(v) as InjectedFact)) ? (nums[i] as number) : -(nums[i] as number)));
  // The values of the last model found, by place: it satisfies `fixed` and every site decided since (a site it
  // keeps needs no call, and a site no model keeps it gave up already), so it stays the model after an UNSAT.
  let model: Uint8Array | undefined;
  const kept = (i: number) => model !== undefined && (model[i] === 1) === (keeps[i] as number) > 0;
  /**
   * Whether `a` has a model (kept from then on); undefined past the budget. The budget counts what does not
   * depend on the models MiniSat happens to return (they depend on what it learned from earlier seeds, so on
   * --count and --jobs): every layer decided, every site no model keeps, and the last call; a site kept by a
   * model costs nothing, whether the model was at hand or a call found one. So a seed near the budget runs out,
   * or not, the same way in any run.
   */
  const ask = (a: number, counted: boolean): boolean | undefined => {
    if (counted && !spend()) return undefined;
    const sat = raw.solve(a);
    if (sat) model = Uint8Array.from(nums, (n) => (raw.value(n) ? 1 : 0));
    else if (!counted && !spend()) return undefined;
    return sat;
  };
  let from = 0;
  for (const vars of layers) {
    const to = from + vars.length;
    const whole = raw.and(fixed, keeps.slice(from, to));
    if (!spend()) return undefined;
    let every = true;
    for (let i = from; i < to && every; i++) every = kept(i);
    if (every) {
      fixed = whole;
      from = to;
      continue;
    }
    const w = ask(whole, false);
    if (w === undefined) return undefined;
    if (w) {
      fixed = whole;
      from = to;
      continue;
    }
    // site by site: each kept unless no model keeps it with the ones decided before
    let pending: number[] = [];
    for (let i = from; i < to; i++) {
      const keep = keeps[i] as number;
      if (kept(i)) {
        pending.push(keep);
        continue;
      }
      const tried = raw.and(fixed, [...pending, keep]);
      const t = ask(tried, false);
      if (t === undefined) return undefined;
      if (t) {
        fixed = tried;
        pending = [];
      } else pending.push(-keep);
    }
    fixed = raw.and(fixed, pending);
    from = to;
  }
  if (!model) {
    // no call had a model: one of everything decided (none: the encoding itself has none)
    const m = ask(fixed, true);
    if (m === undefined) return undefined;
    if (!m) return null;
  }
  const last = model as Uint8Array;
  const on = new Set(all.filter((_, i) => last[i] === 1));
  const facts: InjectedFact[] = [];
  for (const [v, fact] of enc.placedVars) if (on.has(v)) facts.push(fact);
  return facts;
}

/** The placed variables per layer in generation order, each layer's in an order drawn from the seed. */
function steeringOrder(g: LayerGrammar, enc: SatisfyEncoding, seed: number | string): string[][] {
  const rng = createRandom(seed).derive('satisfy/order');
  const byLayer = new Map<number, string[]>(g.layers.map((l) => [l.id, []]));
  for (const [v, f] of enc.placedVars) byLayer.get(f.tuple[0] as number)?.push(v);
  return g.layers.map((l) => {
    const vars = byLayer.get(l.id) as string[];
    for (let i = vars.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [vars[i], vars[j]] = [vars[j] as string, vars[i] as string];
    }
    return vars;
  });
}

/** The caller's forced bits as constraints on the placed variables (see above). */
function forcedConstraint(g: LayerGrammar, enc: SatisfyEncoding, forced: LayerChoices | undefined): Op {
  if (!forced || forced.size === 0) return Logic.TRUE;
  const byKey = new Map<string, string>();
  for (const [v, f] of enc.placedVars) {
    const decl = g.layers.find((l) => l.id === f.tuple[0]);
    if (decl) byKey.set(choiceKey(decl.name, g.program.terms.print(f.tuple[1] as number)), v);
  }
  const parts: Op[] = [];
  for (const [key, on] of forced) {
    const v = byKey.get(key);
    // a site that is never a candidate is never placed, forced or not
    if (v === undefined) continue;
    parts.push(on ? Logic.implies(enc.candidate.get(v) ?? Logic.FALSE, v) : Logic.not(v));
  }
  return Logic.and(parts);
}

/** Forced bits under which SEED's generation places a violation-free outcome within every bound, keeping the most of its own draw (and the caller's forced bits). */
export function solveLayers(g: LayerGrammar, seed: number | string, work: number, choose?: CheckChoices): SolveResult {
  const r = solveOnce(g, seed, work, choose);
  // MiniSat's heap filled up on an encoding that served many seeds: once more on a new one (the answer does not depend on it)
  if (r !== ABORTED) return r;
  const again = solveOnce(g, seed, work, choose, true);
  return again === ABORTED ? { status: 'unknown', why: 'the SAT solver ran out of memory' } : again;
}

const ABORTED = Symbol('aborted');

function solveOnce(g: LayerGrammar, seed: number | string, work: number, choose: CheckChoices | undefined, last = false): SolveResult | typeof ABORTED {
  let spent = 0;
  const spend = () => spent++ < work;
  const forced = choose && Object.keys(choose).length > 0 ? parseLayerChoices(Object.entries(choose).map(([k, v]) => `${k}=${v}`)) : undefined;
  try {
    return contained((): SolveResult => {
      rememberModels(g);
      const made = encodingOf(g);
      if (made.status !== 'ready') return made;
      const enc = made.encoding;
      const states = new LayerStates(g);
      const own = plainPlacement(g, seed, states, forced);
      const layers = steeringOrder(g, enc, seed);
      const raw = new RawSteer(enc.solver);
      try {
      // spurious models found for this seed are blocked for this seed only (a block for all would make later seeds depend on earlier ones)
      let start = raw.implying(forcedConstraint(g, enc, forced));
      for (;;) {
        const facts = steer(raw, enc, layers, own.keys, start, spend);
        if (facts === null) return { status: 'unsat' };
        if (facts === undefined) return { status: 'unknown', why: `the solver ran out of its budget of ${work} steps` };
        const changes = forcedFor(g, seed, facts, states, forced);
        if (changes) {
          const avoided = avoidedBy(g, states, facts, changes);
          return {
            status: 'sat',
            choose: Object.fromEntries(changes.map((c) => [c.key, c.on ? 'on' : 'off'])),
            // each forced bit flips the seed's own first draw of that site
            steered: changes.map((c, i) => ({ key: c.key, drawn: c.on ? 'off' : 'on', chosen: c.on ? 'on' : 'off', avoided: avoided[i] as string[] })),
          };
        }
        // spurious (an unsupported loop through placed): never this outcome again
        const on = new Set(facts.map(factKey));
        start = raw.someOf(start, [...enc.placedVars].map(([v, f]) => (on.has(factKey(f)) ? -raw.num(v) : raw.num(v))));
      }
      } finally {
        raw.retire();
      }
    });
  } catch (e) {
    if (!(e instanceof SolverAbort)) throw e;
    // MiniSat's heap is full: the encoding is not reused
    encodings.delete(g);
    if (!last) return ABORTED;
    return { status: 'unknown', why: `the SAT solver ran out of its ${SOLVER_MEMORY / 1024 / 1024} MB of memory (${e.message})` };
  }
}

export const layersSatisfy: SatisfyPart<LayerGrammar, LayerArtifact> = {
  solve: solveLayers,
  // Group bounds are constraints: a seed fails on them. Masks (`allow`) are
  // not: they are the generator's shape (where a layer may place at all) and
  // never make a draw fail on their own, so a core keeps them whole, like
  // sites and chances.
  constraints: ['between'],
};
