/**
 * The probability pipeline: one node's base weights and pre-selector facts in,
 * the final probabilities out. The order is fixed:
 *
 *   base → setprob → addprob → scaleprob → transfer → forbid/forbidexcept
 *        → nonegative (clamp at 0) → normalize (to 1, or to normalizeto) → force
 *
 * - setprob replaces the weight (two different values for one rule: an error).
 * - addprob adds every D given for the rule; scaleprob then multiplies by every F.
 * - transfer moves FROM's whole weight (as it stands after scaleprob) to TO and
 *   sets FROM to 0; all transfers happen at once, so their order does not
 *   matter; a FROM with several TOs splits its weight equally among them.
 * - forbid sets the rule to 0; when a node has any forbidexcept fact, every
 *   rule not named by one is set to 0 as well.
 * - nonegative clamps negative weights to 0.
 * - normalize divides by the sum (or scales it to `(normalizeto ?n TOTAL)`);
 *   a sum of 0 with no force is the all-zero error.
 * - force makes its rule certain, even at weight 0; two forced rules: an error.
 *
 * Pure: no engine, no randomness. Rules are indexes into the nonterminal's list.
 */

export type StepName =
  | 'base'
  | 'setprob'
  | 'addprob'
  | 'scaleprob'
  | 'transfer'
  | 'forbid'
  | 'nonegative'
  | 'normalize'
  | 'force';

export const STEPS: readonly StepName[] = [
  'base',
  'setprob',
  'addprob',
  'scaleprob',
  'transfer',
  'forbid',
  'nonegative',
  'normalize',
  'force',
];

/** A pre-selector fact about one rule, e.g. `(addprob n/0 tArea 2)` is {rule: i, value: 2}. */
export interface RuleFact {
  rule: number;
  value: number;
  /** Canonical text of the fact (filled when recording, else ''). */
  fact: string;
}

export interface TransferFact {
  from: number;
  to: number;
  fact: string;
}

/** The pre-selector facts of one node, restricted to the rules of its nonterminal. */
export interface Selectors {
  setprob: RuleFact[];
  addprob: RuleFact[];
  scaleprob: RuleFact[];
  transfer: TransferFact[];
  /** value unused. */
  forbid: RuleFact[];
  /** value unused. */
  forbidexcept: RuleFact[];
  /** value unused. */
  force: RuleFact[];
  /** rule unused (-1). */
  normalizeto: RuleFact[];
}

export function emptySelectors(): Selectors {
  return { setprob: [], addprob: [], scaleprob: [], transfer: [], forbid: [], forbidexcept: [], force: [], normalizeto: [] };
}

export interface StepRecord {
  step: StepName;
  /** The weights after this step, one per rule. */
  weights: number[];
  /** The pre-selector facts this step applied (canonical text). */
  facts: string[];
}

export type PipelineProblem =
  | { kind: 'all-zero' }
  | { kind: 'two-forces'; facts: string[]; rules: number[] }
  | { kind: 'conflict'; relation: 'setprob' | 'normalizeto'; facts: string[]; rules: number[] }
  | { kind: 'bad-total'; facts: string[] }
  /** A weight that is not a finite number after `step`; `fact` is the pre-selector fact that made it so ('' for the base weight or when not recording). */
  | { kind: 'not-finite'; rule: number; step: StepName; fact: string };

export interface PipelineResult {
  /** Final probabilities (after normalize and force), one per rule. */
  weights: number[];
  /** Index of the forced rule, or -1. */
  forced: number;
  /** Sum of the weights before normalizing. */
  total: number;
  /** Per-step weights and facts, when recording. */
  steps: StepRecord[] | undefined;
  problem: PipelineProblem | undefined;
}

/**
 * Run the pipeline. `record` keeps every step's weights and facts (for
 * `--explain` and error messages); without it nothing is allocated per step.
 */
export function runPipeline(base: ArrayLike<number>, sel: Selectors, record: boolean): PipelineResult {
  const n = base.length;
  const w: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) w[i] = base[i] as number;
  const steps: StepRecord[] | undefined = record ? [] : undefined;
  if (steps) note(steps, 'base', w, NO_FACTS);
  let bad = notFinite(w, 'base', NO_RULE_FACTS);
  if (bad) return failed(w, steps, bad);

  // setprob
  const setprob = sel.setprob;
  for (let k = 0; k < setprob.length; k++) {
    const f = setprob[k] as RuleFact;
    for (let j = 0; j < setprob.length; j++) {
      const other = setprob[j] as RuleFact;
      if (other.rule === f.rule && other.value !== f.value) {
        return failed(w, steps, { kind: 'conflict', relation: 'setprob', facts: [f.fact, other.fact], rules: [f.rule] });
      }
    }
    w[f.rule] = f.value;
  }
  if (steps) note(steps, 'setprob', w, setprob);
  if ((bad = notFinite(w, 'setprob', setprob))) return failed(w, steps, bad);

  // every weight stays a finite number: the first step (and fact) that makes one infinite or NaN is the error
  for (const f of sel.addprob) w[f.rule] = (w[f.rule] as number) + f.value;
  if (steps) note(steps, 'addprob', w, sel.addprob);
  if ((bad = notFinite(w, 'addprob', sel.addprob))) return failed(w, steps, bad);
  for (const f of sel.scaleprob) w[f.rule] = (w[f.rule] as number) * f.value;
  if (steps) note(steps, 'scaleprob', w, sel.scaleprob);
  if ((bad = notFinite(w, 'scaleprob', sel.scaleprob))) return failed(w, steps, bad);

  // transfer: simultaneous, from the weights after scaleprob
  if (sel.transfer.length > 0) transfer(w, sel.transfer);
  if (steps) note(steps, 'transfer', w, sel.transfer);
  if (sel.transfer.length > 0 && (bad = notFinite(w, 'transfer', sel.transfer.map((t) => ({ rule: t.to, value: 0, fact: t.fact }))))) return failed(w, steps, bad);

  // forbid / forbidexcept
  for (const f of sel.forbid) w[f.rule] = 0;
  const except = sel.forbidexcept;
  if (except.length > 0) {
    for (let i = 0; i < n; i++) {
      let kept = false;
      for (let k = 0; k < except.length; k++) if ((except[k] as RuleFact).rule === i) kept = true;
      if (!kept) w[i] = 0;
    }
  }
  if (steps) note(steps, 'forbid', w, [...sel.forbid, ...except]);

  // nonegative
  for (let i = 0; i < n; i++) if ((w[i] as number) < 0) w[i] = 0;
  if (steps) note(steps, 'nonegative', w, NO_FACTS);

  // normalize (a sum past the largest number is taken over the weights scaled by their maximum)
  let total = 0;
  for (let i = 0; i < n; i++) total += w[i] as number;
  let scale = 1;
  if (total === Infinity) {
    scale = 0;
    for (let i = 0; i < n; i++) scale = Math.max(scale, w[i] as number);
    total = 0;
    for (let i = 0; i < n; i++) total += (w[i] as number) / scale;
  }
  let to = 1;
  const norm = sel.normalizeto;
  if (norm.length > 0) {
    const first = norm[0] as RuleFact;
    for (const other of norm) {
      if (other.value !== first.value) {
        return failed(w, steps, { kind: 'conflict', relation: 'normalizeto', facts: [first.fact, other.fact], rules: [] });
      }
    }
    if (!(first.value > 0) || !Number.isFinite(first.value)) return failed(w, steps, { kind: 'bad-total', facts: [first.fact] });
    to = first.value;
  }
  if (total > 0) for (let i = 0; i < n; i++) w[i] = ((w[i] as number) / scale / total) * to;
  if (steps) note(steps, 'normalize', w, norm);

  // force
  let forced = -1;
  let forcedFact = '';
  for (const f of sel.force) {
    if (forced >= 0 && forced !== f.rule) {
      return failed(w, steps, { kind: 'two-forces', facts: [forcedFact, f.fact], rules: [forced, f.rule] });
    }
    forced = f.rule;
    forcedFact = f.fact;
  }
  if (forced >= 0) for (let i = 0; i < n; i++) w[i] = i === forced ? to : 0;
  if (steps) note(steps, 'force', w, sel.force);

  if (forced < 0 && !(total > 0)) return { weights: w, forced, total, steps, problem: { kind: 'all-zero' } };
  return { weights: w, forced, total, steps, problem: undefined };
}

const NO_FACTS: readonly { fact: string }[] = [];
const NO_RULE_FACTS: readonly RuleFact[] = [];

/** The first weight that is not a finite number, blamed on the last of `facts` that set its rule in this step. */
function notFinite(w: readonly number[], step: StepName, facts: readonly RuleFact[]): PipelineProblem | undefined {
  for (let i = 0; i < w.length; i++) {
    if (Number.isFinite(w[i] as number)) continue;
    let fact = '';
    for (const f of facts) {
      if (f.rule !== i) continue;
      fact = f.fact;
      if (!Number.isFinite(f.value)) break;
    }
    return { kind: 'not-finite', rule: i, step, fact };
  }
  return undefined;
}

function note(steps: StepRecord[], step: StepName, w: readonly number[], facts: readonly { fact: string }[]): void {
  steps.push({ step, weights: w.slice(), facts: facts.map((f) => f.fact) });
}

function failed(w: number[], steps: StepRecord[] | undefined, problem: PipelineProblem): PipelineResult {
  return { weights: w, forced: -1, total: 0, steps, problem };
}

/** All transfers at once: each FROM's weight is split equally among its TOs, FROM drops by it. */
function transfer(w: number[], transfers: readonly TransferFact[]): void {
  const n = w.length;
  const delta = new Float64Array(n);
  const targets = new Int32Array(n);
  for (const t of transfers) targets[t.from] = (targets[t.from] as number) + 1;
  const moved = new Uint8Array(n);
  for (const t of transfers) {
    const amount = w[t.from] as number;
    if (!moved[t.from]) {
      moved[t.from] = 1;
      delta[t.from] = (delta[t.from] as number) - amount;
    }
    delta[t.to] = (delta[t.to] as number) + amount / (targets[t.from] as number);
  }
  for (let i = 0; i < n; i++) w[i] = (w[i] as number) + (delta[i] as number);
}
