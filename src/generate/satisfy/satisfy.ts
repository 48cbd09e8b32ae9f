/**
 * `--satisfy`: an artifact of a seed that derives no `violation` fact and
 * holds every bound, mask, limit and pre-selector, or a proof that none
 * exists. One mechanism for every style (docs/guides/constraints.md):
 *
 * 1. Exact redraws: the seed's own draws first (a seed that plain generation
 *    gets right gives the same artifact, byte for byte), then redraws from
 *    streams derived from the seed (./draws.ts), up to `draws` in all. The
 *    first that satisfies is a sample of the generator's distribution
 *    conditioned on the constraints, exactly (rejection sampling).
 * 2. Steered: when every redraw broke a constraint, the style's solver
 *    (SatisfyPart.solve) or the complete search over its choice points
 *    (./search.ts), starting from the seed's own draws. The artifact says so
 *    and lists the draws it changed.
 * 3. A proof: when the solver or the search shows that no artifact exists
 *    (whatever the seed), a located `satisfy/unsatisfiable` error naming a
 *    minimal set of conflicting statements (./core.ts); when the budget runs
 *    out first, a `satisfy/budget` error naming the seed, never an artifact
 *    that breaks a constraint.
 */
import { GramlogError, isGramlogError, type Diagnostic } from '../../errors.js';
import { isChooseError, type AnyStyle, type CheckChoices, type Compiled, type CompileOptions, type SatisfyPart, type StyleGenerateOptions, type StyleSource } from '../style.js';
import { unsatCore, type Decide } from './core.js';
import { searchChoices, type SteeredDraw } from './search.js';

/** Exact redraws tried before steering (the seed's own draw counts as the first). */
export const DEFAULT_DRAWS = 32;
/** Exact redraws of a style that cannot steer (no search, no solver): all it has, so more of them. */
export const DEFAULT_DRAWS_UNSTEERED = 256;
/**
 * Exact redraws of a fixed probe seed that decide, once per file (and its
 * params and forced draws), whether exact redraws are futile: when at most
 * PROBE_ENOUGH of them satisfy, a style that steers steers at once (after
 * the seed's own draw) instead of spending its DEFAULT_DRAWS redraws first.
 * The decision depends on the file alone, never on the seeds asked for.
 */
export const PROBE_DRAWS = 64;
export const PROBE_ENOUGH = 1;
/** The seed whose redraws probe a file. */
const PROBE_SEED = 'satisfy/probe';
/** Generations (or solver work) one seed's steering may spend before a budget error. */
export const DEFAULT_SEARCH = 2000;

export interface SatisfyOptions {
  /** Exact redraws before steering (default DEFAULT_DRAWS, or 1 where the probe finds redraws futile, or DEFAULT_DRAWS_UNSTEERED for a style that cannot steer; at least 1). */
  draws?: number;
  /** Work of the search or solver per seed (default DEFAULT_SEARCH). */
  search?: number;
}

/** How a satisfying artifact was obtained. */
export interface SatisfyHow {
  /** `plain`: the seed's own draws; `redraw`: an exact redraw; `search` or `solver`: steered draws. */
  readonly method: 'plain' | 'redraw' | 'search' | 'solver';
  /** Draws generated from the seed's streams (1: the seed's own). */
  readonly draws: number;
  /** Generations the search ran (steered only). */
  readonly searched?: number;
  /** The draws steering changed, and what each avoided. */
  readonly steered?: readonly SteeredDraw[];
  /** The forced choices that replay a steered artifact (`--choose KEY=VALUE`). */
  readonly choose?: CheckChoices;
}

export interface Satisfied<A = unknown> {
  readonly artifact: A;
  readonly how: SatisfyHow;
}

/** What the satisfier needs beyond the compiled grammar to prove a file unsatisfiable in its own lines. */
export interface SatisfyContext {
  /** The files the grammar was compiled from, and how: for the unsatisfiable core (without them the proof names no statement). */
  readonly sources?: readonly StyleSource[];
  readonly compileOptions?: CompileOptions;
  /** The compiled files (for the location of budget errors). */
  readonly compiled?: Compiled<unknown>;
}

/** Satisfies seeds of one compiled grammar; keeps the proof once a file is shown unsatisfiable. */
export class Satisfier {
  private proof: GramlogError | undefined;
  private readonly draws: number;
  private readonly work: number;
  /** Whether the probe may lower the draws (a style that steers, no --draws given); then the probe's verdict once known. */
  private probe: 'unasked' | 'futile' | 'useful' | 'fixed';

  constructor(
    private readonly style: AnyStyle,
    private readonly grammar: unknown,
    private readonly generateOptions: StyleGenerateOptions = {},
    options: SatisfyOptions = {},
    private readonly context: SatisfyContext = {},
  ) {
    const steers = style.satisfy?.choices !== undefined || style.satisfy?.solve !== undefined;
    this.draws = Math.max(1, options.draws ?? (steers ? DEFAULT_DRAWS : DEFAULT_DRAWS_UNSTEERED));
    this.work = Math.max(0, options.search ?? DEFAULT_SEARCH);
    this.probe = steers && options.draws === undefined ? 'unasked' : 'fixed';
  }

  /** The exact draws of a seed whose own draw broke a constraint: 1 where the probe finds redraws futile. */
  private redraws(): number {
    if (this.probe === 'unasked') {
      let satisfied = 0;
      const options = this.searchOptions();
      for (let k = 1; k <= PROBE_DRAWS && satisfied <= PROBE_ENOUGH; k++) {
        try {
          if (this.style.violations(this.style.generate(this.grammar, PROBE_SEED, { ...options, redraw: k })).facts.length === 0) satisfied++;
        } catch (e) {
          if (!isGramlogError(e)) throw e;
        }
      }
      this.probe = satisfied <= PROBE_ENOUGH ? 'futile' : 'useful';
    }
    return this.probe === 'futile' ? 1 : this.draws;
  }

  /** A satisfying artifact of `seed`; throws satisfy/unsatisfiable or satisfy/budget (or the seed's own usage errors). */
  one(seed: number | string): Satisfied {
    if (this.proof) throw this.proof;
    const { style, grammar } = this;
    let broke: readonly string[] = [];
    /** What the seed's own draw broke (the steered draws avoid it). */
    let own: readonly string[] = [];
    let draws = this.draws;
    for (let k = 0; k < draws; k++) {
      try {
        const artifact: unknown = style.generate(grammar, seed, { ...this.generateOptions, ...(k > 0 ? { redraw: k } : {}) });
        const violations = style.violations(artifact).facts;
        if (violations.length === 0) return { artifact, how: { method: k === 0 ? 'plain' : 'redraw', draws: k + 1 } };
        broke = violations;
        if (k === 0) {
          own = violations;
          draws = this.redraws();
        }
      } catch (e) {
        // a --choose that names nothing is the caller's mistake, on every draw
        if (!isGramlogError(e) || isChooseError(e)) throw e;
        broke = [`error[${e.code}]: ${e.message}`];
        if (k === 0) {
          own = [`error[${e.code}]`];
          draws = this.redraws();
        }
      }
    }
    const part = style.satisfy as SatisfyPart<unknown, unknown> | undefined;
    const base = baseChoices(this.generateOptions.choose);
    let why = `a ${style.title} has no search over its draws yet`;
    if (part?.solve) {
      const r = part.solve(grammar, seed, this.work, Object.keys(base).length > 0 ? base : undefined);
      if (r.status === 'sat') {
        const choose = { ...base, ...r.choose };
        const artifact: unknown = style.generate(grammar, seed, { ...this.generateOptions, choose: chooseList(choose) });
        // what each steered draw avoided, where the style says; else everything the seed's own draw broke
        const steered = r.steered?.map((s) => ({ ...s, avoided: s.avoided ?? own }));
        if (style.violations(artifact).facts.length === 0) return { artifact, how: { method: 'solver', draws, ...(steered ? { steered } : {}), choose } };
        why = 'the solver\'s answer broke a constraint when generated (an internal mismatch)';
      } else if (r.status === 'unsat') {
        throw (this.proof = this.unsatisfiable(part, broke, seed));
      } else why = r.why;
    } else if (part?.choices) {
      const r = searchChoices(style, part, grammar, seed, base, this.work, undefined, this.searchOptions());
      if (r.status === 'sat') {
        // generated again as --choose replays it, with the caller's options (explain)
        const artifact: unknown = style.generate(grammar, seed, { ...this.generateOptions, choose: chooseList(r.choose) });
        return { artifact, how: { method: 'search', draws, searched: r.generations, steered: r.steered, choose: r.choose } };
      }
      if (r.status === 'unsat') throw (this.proof = this.unsatisfiable(part, broke, seed));
      why = r.why;
    }
    throw this.budget(seed, broke, why, draws);
  }

  /** The caller's options a search generates with (not explain: the artifact found is generated again with it). */
  private searchOptions(): StyleGenerateOptions {
    const { explain: _explain, choose: _choose, ...rest } = this.generateOptions;
    return rest;
  }

  /** Whether compiled files are satisfiable, decided on seed 0 (a proof does not depend on the seed). */
  private decide(part: SatisfyPart<unknown, unknown>): Decide {
    const base = baseChoices(this.generateOptions.choose);
    return (compiled) => {
      if (compiled.grammar === undefined) return 'unknown';
      try {
        const r = part.solve ? part.solve(compiled.grammar, 0, this.work) : searchChoices(this.style, part, compiled.grammar, 0, base, this.work, undefined, this.searchOptions());
        return r.status;
      } catch (e) {
        if (isGramlogError(e)) return 'unknown';
        throw e;
      }
    };
  }

  private unsatisfiable(part: SatisfyPart<unknown, unknown>, broke: readonly string[], seed: number | string): GramlogError {
    const forced = baseChoices(this.generateOptions.choose);
    if (Object.keys(forced).length > 0) {
      // the caller's forced draws may be what no artifact can keep: asked again without them
      const free = part.solve ? part.solve(this.grammar, seed, this.work) : searchChoices(this.style, part, this.grammar, seed, {}, this.work, undefined, this.searchOptions());
      if (free.status !== 'unsat') {
        const given = chooseList(forced).map((c) => `--choose ${c}`).join(' ');
        return new GramlogError(
          'satisfy/unsatisfiable',
          `no artifact satisfies every constraint with ${given}, whatever the seed (a complete search over every other draw the file allows found none)` +
            (free.status === 'sat' ? `; without ${Object.keys(forced).length === 1 ? 'it' : 'them'} one does: drop or change the --choose` : `; whether one does without ${Object.keys(forced).length === 1 ? 'it' : 'them'} was not decided within the budget`),
        );
      }
    }
    const { sources, compileOptions } = this.context;
    if (!sources) {
      return new GramlogError('satisfy/unsatisfiable', `no artifact satisfies every constraint, whatever the seed (a complete search over every draw the file allows found none; give the source files to name the conflicting statements)`);
    }
    const core = unsatCore(this.style, sources, compileOptions ?? {}, part.constraints, this.decide(part));
    if (core.generatorFails) {
      return new GramlogError(
        'satisfy/unsatisfiable',
        `no artifact can be generated at all, whatever the seed and without any constraint: every combination of draws fails (the last: ${broke[0] ?? 'a failed generation'})`,
      );
    }
    const n = core.statements.length;
    const head = `no artifact satisfies every constraint, whatever the seed: ${n === 1 ? 'this statement can never hold' : `these ${n} statements conflict`} (a complete search over every draw the file allows${n === 1 ? '' : `; removing any one of them makes the file satisfiable`}${core.minimal ? '' : '; some removals could not be decided within the budget, so the set may not be minimal'})`;
    const diagnostics: Diagnostic[] = [
      { code: 'satisfy/unsatisfiable', severity: 'error', message: head },
      ...core.statements.map((st, i): Diagnostic => ({ code: 'satisfy/unsatisfiable', severity: 'error', message: `conflicting statement ${i + 1} of ${n}: ${oneLine(st.text)}`, span: st.span })),
    ];
    return new GramlogError('satisfy/unsatisfiable', head, undefined, diagnostics);
  }

  private budget(seed: number | string, broke: readonly string[], why: string, draws: number): GramlogError {
    // located at the rule of the last draw's first violation, when the compiled files are known
    const program = this.context.compiled?.program;
    const name = /^\(violation ([^\s()]+)/.exec(broke[0] ?? '')?.[1];
    const rules = program?.statements.filter((st) => st.head.pred === 'violation') ?? [];
    const named = rules.find((st) => { const a = st.head.args[0]; return a?.kind === 'const' && a.name === name; });
    const span = (named ?? rules[0])?.span;
    return new GramlogError(
      'satisfy/budget',
      `seed ${String(seed)}: no artifact satisfying every constraint was found in ${draws} exact draw(s)` +
        ` and the steering (${why}); the last draw broke ${broke.slice(0, 3).join(', ')}${broke.length > 3 ? `, ... (${broke.length} in all)` : ''}:` +
        ` give more with --draws N or --search N, or loosen the constraints`,
      span,
    );
  }
}

/** `--choose` texts (KEY=VALUE) as a map. */
export function baseChoices(choose: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of choose ?? []) {
    const eq = c.lastIndexOf('=');
    if (eq > 0) out[c.slice(0, eq).trim()] = c.slice(eq + 1).trim();
  }
  return out;
}

/** A map of forced choices as `--choose` texts, keys sorted. */
export function chooseList(choose: CheckChoices): string[] {
  return Object.keys(choose)
    .sort()
    .map((k) => `${k}=${choose[k] as string}`);
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 160 ? `${t.slice(0, 157)}...` : t;
}
