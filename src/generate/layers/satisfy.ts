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
 * Steering: among the models, the one closest to the seed's plain draw
 * (fewest sites whose placement differs from the seed's own generation; the
 * weighted sum minimised by binary search, within the budget). The answer is
 * returned as the fewest forced base bits that turn the seed's own first draw
 * of each layer into that model: every other bit stays the seed's.
 */
import type { LogicTypes } from './logic-types.js';
import { Logic } from './logic.js';
import { GramlogError } from '../../errors.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import { createRandom } from '../../random.js';
import type { CheckChoices, SatisfyPart, SolveResult } from '../style.js';
import { choiceKey } from './choices.js';
import { applyMask, drawBase, drawLayer, generateLayers, type LayerArtifact } from './generate.js';
import type { LayerGrammar } from './prepare.js';
import { modelWith } from './search.js';
import { encodeSatisfy, type Encoded, type SatisfyEncoding } from './satisfy-encode.js';
import { contained, readModel, SolverAbort, SOLVER_MEMORY } from './solver.js';
import { readLayerState } from './vocabulary.js';

type Op = LogicTypes.Operand;

/** The placed sites of the seed's plain generation per layer (`layerId,siteId`); a layer whose bounds fail keeps its first draw, masked. */
export function plainPlacement(g: LayerGrammar, seed: number | string): Set<string> {
  const root = createRandom(seed);
  const facts: InjectedFact[] = [];
  const out = new Set<string>();
  for (const decl of g.layers) {
    const state = readLayerState(g.program, modelWith(g, facts), decl);
    let placed: number[];
    try {
      placed = drawLayer(g.program, decl, state, root).placed;
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      placed = applyMask(state, drawBase(state, root.derive(`layer/${decl.name}/0`)));
    }
    for (const k of placed) {
      facts.push({ rel: g.placedRel, tuple: [decl.id, k] });
      out.add(`${decl.id},${k}`);
    }
  }
  return out;
}

/**
 * The fewest forced bits under which the seed's first draw of every layer
 * places exactly `facts`; undefined when `facts` is not an outcome generation
 * can produce (a site placed that is not a site, not allowed, or of chance 0;
 * an allowed site of chance 1 left out): a spurious model.
 */
export function forcedFor(g: LayerGrammar, seed: number | string, facts: readonly InjectedFact[]): CheckChoices | undefined {
  const root = createRandom(seed);
  const choose: Record<string, string> = {};
  const wanted = new Set(facts.map(factKey));
  const earlier: InjectedFact[] = [];
  for (const decl of g.layers) {
    const state = readLayerState(g.program, modelWith(g, earlier), decl);
    const drawn = drawBase(state, root.derive(`layer/${decl.name}/0`));
    const mine = facts.filter((f) => f.tuple[0] === decl.id);
    for (const f of mine) {
      const k = f.tuple[1] as number;
      if (!state.allowed.has(k) || !((state.prob.get(k) ?? 0) > 0) || !state.sites.includes(k)) return undefined;
    }
    for (const k of state.sites) {
      if (!state.allowed.has(k)) continue;
      const on = wanted.has(`${decl.id},${k}`);
      if (!on && (state.prob.get(k) ?? 0) >= 1) return undefined;
      if (drawn.has(k) !== on) choose[choiceKey(decl.name, g.program.terms.print(k))] = on ? 'on' : 'off';
    }
    for (const f of mine) earlier.push(f);
  }
  return choose;
}

/** Whether `artifact` places exactly `facts` and derives no violation. */
function confirms(artifact: LayerArtifact, facts: readonly InjectedFact[]): boolean {
  if (artifact.violations.length > 0 || artifact.facts.length !== facts.length) return false;
  const got = new Set(artifact.facts.map(factKey));
  return facts.every((f) => got.has(factKey(f)));
}

/**
 * The model closest to the seed's plain placement (the targets assumed to be
 * it): binary search on the number of differing sites, each probe one solver
 * call counted against the budget (`spend`). Past the budget, the closest
 * model found so far (still a solution). Undefined when there is none.
 */
function closest(enc: SatisfyEncoding, plain: ReadonlySet<string>, spend: () => boolean): LogicTypes.Solution | null {
  const target = Logic.and([...enc.targets].map(([v, t]) => (plain.has(factKey(enc.placedVars.get(v) as InjectedFact)) ? t : Logic.not(t))));
  let best = enc.solver.solveAssuming(target);
  if (!best) return null;
  let hi = best.evaluate(enc.distance);
  let lo = 0;
  while (lo < hi && spend()) {
    const mid = Math.floor((lo + hi) / 2);
    const s = enc.solver.solveAssuming(Logic.and(target, Logic.lessThanOrEqual(enc.distance, Logic.constantBits(mid))));
    if (s) {
      best = s;
      hi = s.evaluate(enc.distance);
    } else lo = mid + 1;
  }
  return best;
}

const factKey = (f: InjectedFact): string => `${f.tuple[0] as number},${f.tuple[1] as number}`;

/**
 * Seeds one encoding serves before it is built anew: each seed's probes add a
 * few clauses (its assumptions) to MiniSat's fixed heap, and building it
 * again takes about 0.5 s on the 12x12 rules/island.gdl.
 */
const SEEDS_PER_ENCODING = 64;

const encodings = new WeakMap<LayerGrammar, { encoded: Encoded; seeds: number }>();

function encodingOf(g: LayerGrammar): Encoded {
  let e = encodings.get(g);
  if (!e || e.seeds >= SEEDS_PER_ENCODING) encodings.set(g, (e = { encoded: encodeSatisfy(g), seeds: 0 }));
  e.seeds++;
  return e.encoded;
}

/** Forced bits under which SEED's generation places a violation-free outcome within every bound, closest to its plain draw. */
export function solveLayers(g: LayerGrammar, seed: number | string, work: number): SolveResult {
  let spent = 0;
  const spend = () => spent++ < work;
  try {
    return contained((): SolveResult => {
      const made = encodingOf(g);
      if (made.status !== 'ready') return made;
      const enc = made.encoding;
      const plain = plainPlacement(g, seed);
      while (spend()) {
        const solution = closest(enc, plain, spend);
        if (!solution) return { status: 'unsat' };
        const { facts, literals } = readModel(enc.placedVars, solution);
        const choose = forcedFor(g, seed, facts);
        if (choose) {
          const forced = new Map(Object.entries(choose).map(([k, v]) => [k, v === 'on']));
          const artifact = generateLayers(g, { seed, ...(forced.size > 0 ? { choose: forced } : {}) });
          // each forced bit flips the seed's own first draw of that site
          if (confirms(artifact, facts)) return { status: 'sat', choose, steered: Object.entries(choose).map(([key, v]) => ({ key, drawn: v === 'on' ? 'off' : 'on', chosen: v })) };
        }
        // spurious (an unsupported loop through placed): never this outcome again, for any seed
        enc.solver.forbid(Logic.and(literals));
      }
      return { status: 'unknown', why: `the solver ran out of its budget of ${work} calls` };
    });
  } catch (e) {
    if (!(e instanceof SolverAbort)) throw e;
    // MiniSat's heap is full: the encoding is not reused
    encodings.delete(g);
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
