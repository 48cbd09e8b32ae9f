/**
 * Bases and inputs, in both directions and with proof.
 *
 * A game declares `(base S)` for every sentence S that can be true in a state
 * and `(input R M)` for every move M role R can make. The validator compares
 * the declarations with the game:
 *
 * 1. The relaxed game (relaxed.ts: negation dropped) over-approximates every
 *    reachable `true` sentence and legal move. If everything it finds is
 *    declared, the declarations are proven complete without search; a
 *    declaration it does not find is proven never true / never legal.
 * 2. Each suspect (found by the relaxed game, not declared) is looked up in the
 *    breadth-first search of the reachable states (search.ts): found, it is an
 *    error with the shortest witness; not found by a complete search, it is
 *    proven unreachable and dropped.
 * 3. Beyond the search budget, random playouts are the fallback: found there,
 *    an error with the playout as witness; not found, a warning that says the
 *    suspect is unconfirmed.
 *
 * Legal moves count in non-terminal states only (no move is played in a
 * terminal state); `true` sentences count in every reached state, terminal
 * ones included.
 *
 * Errors: `bases` (a reachable sentence without a base), `inputs` (a reachable
 * legal move without an input). Warnings: a base never true, an input never
 * legal (only where proven), unconfirmed suspects, and a game that declares no
 * base or no input at all (one warning; see emit-bases.ts to write them).
 */
import type { Span } from '../../errors.js';
import type { Model } from '../../engine/index.js';
import { compareTerms, printAtom } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import type { PlayoutsSeen } from './playouts.js';
import { baseTypo } from './base-typo.js';
import { error, warning, type Finding } from './finding.js';
import type { RelaxedReachability } from '../machine/relaxed.js';
import { legalKey, pathTo, printWitness, type SearchResult } from './search.js';
import type { StateMachine } from '../machine/types.js';

/** At most this many findings of one kind are listed one by one; the rest are summed up in one more. */
export const DEFAULT_MAX_LISTED = 25;

export interface Declared {
  /** Term ids of the declared base sentences; undefined when the game declares no base at all. */
  bases: Set<number> | undefined;
  /** Declared inputs as legalKey(role index, move id); undefined when the game declares no input. */
  inputs: Set<string> | undefined;
  /**
   * Inputs naming something that is not a role (term ids), with the rule that
   * derives one; `stated`: a statement writes that non-role as a constant, so
   * the static check (checks/gdl2.ts) already reports it at the argument.
   */
  strayInputs: Array<{ role: number; move: number; span: Span | undefined; stated: boolean }>;
  /** The fact that declares a base or input, where it was a fact. */
  baseSpans: Map<number, Span>;
  inputSpans: Map<string, Span>;
}

/** The base and input declarations of a game, from its static model. */
export function declaredBasesInputs(program: Program, staticModel: Model, roles: readonly number[]): Declared {
  const baseRel = program.findRelation('base', 1);
  const inputRel = program.findRelation('input', 2);
  const baseTuples = staticModel.tuples('base', 1);
  const inputTuples = staticModel.tuples('input', 2);
  const defines = (rel: number | undefined) =>
    rel !== undefined && (program.facts.some((f) => f.rel === rel) || program.rules.some((r) => r.head.rel === rel));
  const baseSpans = new Map<number, Span>();
  const inputSpans = new Map<string, Span>();
  const strayInputs: Declared['strayInputs'] = [];
  const inputs = new Set<string>();
  // Constants written as input's first argument (the static check reports those that are no role).
  const stated = new Set<string>();
  for (const st of program.statements) {
    const a = st.head.pred.toLowerCase() === 'input' && st.head.args.length === 2 ? st.head.args[0] : undefined;
    if (a?.kind === 'const') stated.add(a.name);
  }
  // Where a non-role input comes from otherwise: the first input rule whose first argument is not a constant.
  const inputRule = program.rules.filter((r) => r.head.rel === inputRel?.id && r.head.args[0]?.t !== 'const').sort((a, b) => a.span.offset - b.span.offset)[0];
  for (const t of inputTuples) {
    const r = roles.indexOf(t[0] as number);
    if (r < 0) {
      const name = program.terms.print(t[0] as number);
      strayInputs.push({ role: t[0] as number, move: t[1] as number, span: inputRule?.span, stated: stated.has(name) });
    } else inputs.add(legalKey(r, t[1] as number));
  }
  for (const f of program.facts) {
    const span = program.statements[f.statement]?.span;
    if (!span) continue;
    if (f.rel === baseRel?.id && !baseSpans.has(f.tuple[0] as number)) baseSpans.set(f.tuple[0] as number, span);
    if (f.rel === inputRel?.id) {
      const r = roles.indexOf(f.tuple[0] as number);
      if (r >= 0) inputSpans.set(legalKey(r, f.tuple[1] as number), span);
    }
  }
  return {
    bases: defines(baseRel?.id) ? new Set(baseTuples.map((t) => t[0] as number)) : undefined,
    inputs: defines(inputRel?.id) ? inputs : undefined,
    strayInputs,
    baseSpans,
    inputSpans,
  };
}

export interface BasesInputsContext {
  /** The facts that would declare bases and inputs are being printed (`--emit-bases`): say so instead of advising it. */
  emitting?: boolean;
  program: Program;
  sm: StateMachine;
  relaxed: RelaxedReachability;
  search: SearchResult;
  /** Random playouts, run when the search was not complete. */
  playouts: PlayoutsSeen | undefined;
  declared: Declared;
  seed: string | number;
  maxListed?: number;
}

/** What the bases/inputs check could prove, for reports. */
export interface BasesInputsProof {
  /** Everything the relaxed game finds is declared: complete without search. */
  basesProvenBySearchFreeBound: boolean;
  inputsProvenBySearchFreeBound: boolean;
  /** Suspects left unconfirmed (neither found nor proven unreachable). */
  unconfirmed: number;
}

interface Direction {
  check: 'bases' | 'inputs';
  /** All candidate items in canonical order. */
  relaxed: string[] | undefined;
  declared: Set<string>;
  /** Search node where the item first holds. */
  searchFirst: (item: string) => number | undefined;
  playoutFirst: (item: string) => ReadonlyArray<readonly number[]> | undefined;
  seenBySearch: string[];
  seenByPlayouts: string[];
  text: (item: string) => string;
  order: (a: string, b: string) => number;
  span: (item: string) => Span | undefined;
  missing: (item: string, how: string) => string;
  never: (item: string, proof: string) => string;
  /** A likely typo in the head that makes the item (bases: a fluent one edit from a declared one), with the head's place. */
  typo?: (item: string) => { message: (where: string) => string; span: Span | undefined } | undefined;
  unconfirmed: (item: string, budget: string) => string;
}

export function checkBasesInputs(ctx: BasesInputsContext): { findings: Finding[]; proof: BasesInputsProof } {
  const { declared } = ctx;
  const findings: Finding[] = [];
  const proof: BasesInputsProof = { basesProvenBySearchFreeBound: false, inputsProvenBySearchFreeBound: false, unconfirmed: 0 };
  const advice = ctx.emitting ? 'the facts printed on stdout declare them' : '`gramlog validate --emit-bases` prints facts that would declare them';

  if (declared.bases === undefined && declared.inputs === undefined) {
    findings.push(
      warning(
        'bases',
        'the game declares no base and no input relations, so its bases and inputs cannot be checked (GGP-Base rejects such games); ' + advice,
      ),
    );
    return { findings, proof };
  }
  findings.push(...coverageWarnings(ctx, advice), ...strayInputErrors(ctx));
  const directions: Direction[] = [];
  if (declared.bases !== undefined) directions.push(basesDirection(ctx, declared.bases));
  if (declared.inputs !== undefined) directions.push(inputsDirection(ctx, declared.inputs));
  for (const d of directions) findings.push(...checkDirection(ctx, d, proof));
  return { findings, proof };
}

/** Warnings for what cannot be checked: a missing base or input declaration, a relaxed game that could not be evaluated. */
function coverageWarnings(ctx: BasesInputsContext, advice: string): Finding[] {
  const { relaxed, declared } = ctx;
  const findings: Finding[] = [];
  for (const [which, rel] of [
    ['base', declared.bases],
    ['input', declared.inputs],
  ] as const) {
    if (rel === undefined) {
      findings.push(
        warning(
          which === 'base' ? 'bases' : 'inputs',
          `the game declares ${which === 'base' ? 'input but no base' : 'base but no input'} relations, so its ${which}s are not checked; ${advice}`,
        ),
      );
    }
  }
  if (!relaxed.complete) {
    findings.push(
      warning(
        declared.bases !== undefined ? 'bases' : 'inputs',
        `the relaxed game (negation dropped) could not be evaluated (${relaxed.error?.message ?? 'limit'}), so nothing is proven without search; only what the search and random play reach is checked`,
      ),
    );
  }
  return findings;
}

/**
 * An input for a non-role: an error (issue 25; no corpus game GGP-Base accepts has one). The static
 * model is exact for input (it cannot depend on the state), so this is proved, not sampled.
 */
function strayInputErrors(ctx: BasesInputsContext): Finding[] {
  const { sm, declared } = ctx;
  const terms = ctx.program.terms;
  const findings: Finding[] = [];
  const strayRoles = new Set<number>();
  for (const s of declared.strayInputs) {
    if (s.stated || strayRoles.has(s.role)) continue;
    strayRoles.add(s.role);
    const roleNames = sm.roles.map((r) => sm.print(r));
    findings.push(
      error(
        'role-argument',
        `the rules derive (input ${terms.print(s.role)} ${terms.print(s.move)}), but ${terms.print(s.role)} is not a role: the first argument of input must be a role (the roles are ${roleNames.join(', ')})`,
        s.span,
        { sentence: printAtom(terms, terms.print(s.role), [s.move]) },
      ),
    );
  }
  return findings;
}

const idOf = (s: string): number => Number(s);
const roleIndexOf = (key: string): number => Number(key.slice(0, key.indexOf(':')));
const moveOf = (key: string): number => Number(key.slice(key.indexOf(':') + 1));

/** The bases direction: base sentences (term ids as strings) against the sentences that can be true. */
function basesDirection(ctx: BasesInputsContext, bases: Set<number>): Direction {
  const { program, relaxed, search, playouts, declared } = ctx;
  const terms = program.terms;
  return {
    check: 'bases',
    relaxed: relaxed.complete ? relaxed.trueSentences.map(String) : undefined,
    declared: new Set([...bases].map(String)),
    searchFirst: (s) => search.firstTrue.get(idOf(s)),
    playoutFirst: (s) => playouts?.firstTrue.get(idOf(s)),
    seenBySearch: [...search.firstTrue.keys()].map(String),
    seenByPlayouts: playouts ? [...playouts.firstTrue.keys()].map(String) : [],
    text: (s) => terms.print(idOf(s)),
    order: (a, b) => compareTerms(terms, idOf(a), idOf(b)),
    span: (s) => declared.baseSpans.get(idOf(s)),
    missing: (s, how) => `${terms.print(idOf(s))} is true ${how}, but no base declares it: add (base ${terms.print(idOf(s))})`,
    typo: (s) => baseTypo(program, terms, idOf(s), [...bases]),
    never: (s, p) => `(base ${terms.print(idOf(s))}) is declared, but ${terms.print(idOf(s))} is never true: ${p}`,
    unconfirmed: (s, b) =>
      `${terms.print(idOf(s))} has no base and may be reachable (the relaxed game derives it), but it was not seen within ${b}: not confirmed`,
  };
}

/** The inputs direction: inputs (legalKey of role index and move) against the moves that can be legal. */
function inputsDirection(ctx: BasesInputsContext, inputs: Set<string>): Direction {
  const { sm, relaxed, search, playouts, declared } = ctx;
  const terms = ctx.program.terms;
  const inputText = (key: string): string => printAtom(terms, sm.print(sm.roles[roleIndexOf(key)] as number), [moveOf(key)]);
  return {
    check: 'inputs',
    relaxed: relaxed.complete
      ? relaxed.legalMoves.flatMap((m) => {
          const r = sm.roles.indexOf(m.role);
          return r < 0 ? [] : [legalKey(r, m.move)];
        })
      : undefined,
    declared: inputs,
    searchFirst: (k) => search.firstLegal.get(k),
    playoutFirst: (k) => playouts?.firstLegal.get(k),
    seenBySearch: [...search.firstLegal.keys()],
    seenByPlayouts: playouts ? [...playouts.firstLegal.keys()] : [],
    text: inputText,
    order: (a, b) => roleIndexOf(a) - roleIndexOf(b) || compareTerms(terms, moveOf(a), moveOf(b)),
    span: (k) => declared.inputSpans.get(k),
    missing: (k, how) => {
      const role = sm.print(sm.roles[roleIndexOf(k)] as number);
      const move = terms.print(moveOf(k));
      return `${role} may play ${move} ${how}, but no input declares it: add (input ${role} ${move})`;
    },
    never: (k, p) => {
      const role = sm.print(sm.roles[roleIndexOf(k)] as number);
      return `(input ${role} ${terms.print(moveOf(k))}) is declared, but that move is never legal in a non-terminal state: ${p}`;
    },
    unconfirmed: (k, b) =>
      `${inputText(k)} has no input and may be legal (the relaxed game derives it), but it was not seen within ${b}: not confirmed`,
  };
}

/** What the search and playouts covered, for an unconfirmed suspect. */
function budgetText(ctx: BasesInputsContext): string {
  const { search, playouts } = ctx;
  const why =
    search.stoppedBy === 'error'
      ? `the search stopped at an evaluation error`
      : `the search ${search.stoppedBy === 'time' ? 'time budget' : 'budget'} (${search.states.length} states, ${search.transitions} transitions)`;
  return `${why} nor in ${playouts?.played ?? 0} random playouts (seed ${ctx.seed})`;
}

/** How a declaration is proven never to hold: by the relaxed game when it lacks the item, else by the complete search. */
function proofText(ctx: BasesInputsContext, inRelaxed: boolean): string {
  return !inRelaxed && ctx.relaxed.complete
    ? 'proven by the relaxed game: it has no derivation even with negation dropped'
    : `proven by exhaustive search of all ${ctx.search.states.length} reachable states`;
}

/** One direction's findings (missing, unconfirmed, never holding; each capped), recording what it proved in `proof`. */
function checkDirection(ctx: BasesInputsContext, d: Direction, proof: BasesInputsProof): Finding[] {
  const { search } = ctx;
  const maxListed = ctx.maxListed ?? DEFAULT_MAX_LISTED;
  const relaxedSet = new Set(d.relaxed ?? []);
  const candidates = new Set<string>([...(d.relaxed ?? []), ...d.seenBySearch, ...d.seenByPlayouts]);
  const suspects = [...candidates].filter((x) => !d.declared.has(x)).sort(d.order);
  if (d.relaxed && suspects.length === 0) {
    if (d.check === 'bases') proof.basesProvenBySearchFreeBound = true;
    else proof.inputsProvenBySearchFreeBound = true;
  }
  const missing: Finding[] = [];
  const unconfirmed: Finding[] = [];
  for (const x of suspects) {
    const found = witnessed(ctx, d, x);
    if (found) missing.push(found);
    else if (!search.complete) unconfirmed.push(warning(d.check, d.unconfirmed(x, budgetText(ctx)), undefined, { sentence: d.text(x) }));
    // else: proven unreachable
  }
  proof.unconfirmed += unconfirmed.length;
  const never: Finding[] = [];
  for (const x of [...d.declared].sort(d.order)) {
    const inRelaxed = relaxedSet.has(x);
    const provenByRelaxed = d.relaxed !== undefined && !inRelaxed;
    const provenBySearch = search.complete && d.searchFirst(x) === undefined;
    if (!provenByRelaxed && !provenBySearch) continue;
    never.push(warning(d.check, d.never(x, proofText(ctx, inRelaxed)), d.span(x), { sentence: d.text(x), unreachable: true }));
  }
  return [
    ...capped(missing, maxListed, (n) => `… and ${n} more ${d.check === 'bases' ? 'sentences that can be true without a base' : 'legal moves without an input'} (not listed one by one)`),
    ...capped(unconfirmed, maxListed, (n) => `… and ${n} more unconfirmed suspects (not listed one by one)`),
    ...capped(never, maxListed, (n) => `… and ${n} more declared ${d.check === 'bases' ? 'bases that are never true' : 'inputs that are never legal'} (not listed one by one)`),
  ];
}

/** The error for an undeclared suspect the search (a shortest witness) or a playout reached; undefined when neither did. */
function witnessed(ctx: BasesInputsContext, d: Direction, x: string): Finding | undefined {
  const { sm, search } = ctx;
  const node = d.searchFirst(x);
  if (node !== undefined) {
    const n = search.depth[node] as number;
    const kind = search.terminal[node] ? 'a terminal state' : 'a state';
    const where = n === 0 ? 'in the initial state' : `in ${kind} reached after ${n} joint move${n === 1 ? '' : 's'} (a shortest witness)`;
    const typo = d.typo?.(x);
    return error(d.check, typo ? typo.message(where) : d.missing(x, where), typo?.span, {
      sentence: d.text(x),
      witness: printWitness(sm, pathTo(search, node)),
    });
  }
  const path = d.playoutFirst(x);
  if (path === undefined) return undefined;
  return error(d.check, d.missing(x, `in a state reached by random play after ${path.length} joint moves (seed ${ctx.seed}; beyond the search budget)`), undefined, {
    sentence: d.text(x),
    witness: printWitness(sm, path),
  });
}

/** The first `max` findings, and one more of the same check and severity that counts the rest. */
function capped(list: Finding[], max: number, more: (n: number) => string): Finding[] {
  if (list.length <= max) return list;
  const first = list[0] as Finding;
  const rest = list.slice(max);
  const sample = rest
    .slice(0, 5)
    .map((f) => f.sentence)
    .filter((s) => s !== undefined)
    .join(', ');
  return [...list.slice(0, max), { code: first.code, severity: first.severity, message: `${more(rest.length)}: ${sample}${rest.length > 5 ? ', …' : ''}` }];
}
