/**
 * Epistemic well-formedness of a GDL-II game: a role must be able to tell its
 * legal moves from what it knows. Two histories (sequences of joint moves from
 * the initial state) that a role cannot tell apart, because its own move and
 * its percepts (`sees`) were the same at every step, must give it the same
 * legal moves; otherwise no real player can know what it may play (a guesser
 * whose only legal guess is the secret number it never sees).
 *
 * Decided by an information-set search, per role: a node is the set of states
 * consistent with one view of the role (its moves and percepts so far),
 * starting from {initial state}; a node's successors group the next states of
 * every joint move from each of its non-terminal states by the role's view of
 * that step (its own move and its percepts). The role's legal moves must be
 * the same in every non-terminal state of a node. Each distinct node is
 * expanded once; when every node is expanded the answer is exhaustive (a
 * proof over the reachable states), otherwise the search stops at a budget of
 * states (counted with multiplicity across nodes, per role) or of next-state
 * computations (over all roles: each state's successors and percepts are
 * computed once and shared by every role's search) and says so.
 *
 * Terminal states are left out of the comparison: the game master tells every
 * player when the game ends. The `random` role of GDL-II is nature, not a
 * player, and is not checked. In plain GDL every player sees the joint move,
 * so histories are always distinguishable and the check does not apply.
 */
import { GramlogError, type Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { Pattern } from '../../program/rules.js';
import { error, warning, type Finding, type History } from './finding.js';
import type { GameState, StateMachine } from '../machine/types.js';

export interface EpistemicOptions {
  /** Most states (with multiplicity over information sets) examined per role (default 10,000). */
  maxStates?: number;
  /** Most next-state computations over all roles (default 3 × maxStates; a state's successors are computed once for every role). */
  maxTransitions?: number;
  /** Stop when performance.now() passes this time. */
  deadline?: number;
}

export interface EpistemicRoleResult {
  role: string;
  /** Every information set reachable was expanded (the answer is a proof). */
  complete: boolean;
  /** States examined (with multiplicity over information sets). */
  states: number;
  /** Information sets expanded. */
  sets: number;
  violated: boolean;
}

export interface EpistemicResult {
  findings: Finding[];
  roles: EpistemicRoleResult[];
}

interface Element {
  state: GameState;
  parent: Element | undefined;
  joint: readonly number[] | undefined;
  /** The role's percepts on the step that led here. */
  percepts: readonly number[];
}

function historyOf(sm: StateMachine, e: Element, legal: readonly number[]): History {
  const steps: Element[] = [];
  for (let x: Element | undefined = e; x && x.joint; x = x.parent) steps.push(x);
  steps.reverse();
  return {
    moves: steps.map((s) => (s.joint as readonly number[]).map((m) => sm.print(m))),
    percepts: steps.map((s) => s.percepts.map((p) => sm.print(p))),
    legal: legal.map((m) => sm.print(m)),
  };
}

/** Whether a rule head argument could be the ground term `id`. */
function mayBe(program: Program, p: Pattern | undefined, id: number): boolean {
  if (p === undefined) return false;
  if (p.t === 'var') return true;
  if (p.t === 'const') return p.id === id;
  const terms = program.terms;
  return terms.name(id) === p.functor && terms.arity(id) === p.args.length;
}

/** The first legal rule that could give `role` one of `moves` (where the difference comes from). */
function legalSpan(program: Program, role: number, moves: readonly number[]): Span | undefined {
  const legal = program.findRelation('legal', 2);
  if (!legal) return undefined;
  const rules = program.rules
    .filter((r) => r.head.rel === legal.id && r.span.line > 0 && r.span.file === program.files[0])
    .sort((a, b) => a.span.offset - b.span.offset);
  const rule = rules.find((r) => mayBe(program, r.head.args[0], role) && moves.some((m) => mayBe(program, r.head.args[1], m)));
  return rule?.span;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** One state's expansion, shared by every role's search (the same state turns up in many information sets). */
interface Expansion {
  terminal: boolean;
  /** Legal moves per role (undefined for a terminal state). */
  legal: number[][] | undefined;
  /** Every joint move (lexicographic in the roles' sorted legal moves), its next state and every role's percepts. */
  succ: Array<{ joint: number[]; next: GameState; percepts: number[][] }> | undefined;
}

class Expander {
  private readonly cache = new Map<string, Expansion>();
  transitions = 0;
  constructor(
    private readonly sm: StateMachine,
    private readonly maxTransitions: number,
    private readonly deadline: number,
  ) {}

  /** Terminal and legal moves of a state. */
  info(state: GameState): Expansion {
    let x = this.cache.get(state.key);
    if (!x) {
      const terminal = this.sm.isTerminal(state);
      x = { terminal, legal: terminal ? undefined : this.sm.roles.map((_, k) => this.sm.legalMoves(state, k)), succ: undefined };
      this.cache.set(state.key, x);
    }
    return x;
  }

  /** The successors of a non-terminal state with a legal move for every role; undefined past the budget. */
  successors(state: GameState): Expansion['succ'] {
    const x = this.info(state);
    if (x.succ || !x.legal) return x.succ ?? [];
    const legal = x.legal;
    if (legal.some((l) => l.length === 0)) return (x.succ = []);
    const n = legal.length;
    const succ: NonNullable<Expansion['succ']> = [];
    const pick = new Array<number>(n).fill(0);
    for (;;) {
      if (++this.transitions > this.maxTransitions || (this.transitions % 256 === 0 && performance.now() > this.deadline)) return undefined;
      const joint = pick.map((k, role) => (legal[role] as number[])[k] as number);
      const percepts = this.sm.percepts(state, joint);
      succ.push({ joint, next: this.sm.nextState(state, joint), percepts });
      let k = n - 1;
      while (k >= 0 && (pick[k] as number) + 1 >= (legal[k] as number[]).length) pick[k--] = 0;
      if (k < 0) break;
      pick[k] = (pick[k] as number) + 1;
    }
    x.succ = succ;
    return succ;
  }
}

function checkRole(sm: StateMachine, r: number, ex: Expander, maxStates: number, deadline: number, program: Program): { result: EpistemicRoleResult; finding?: Finding } {
  const name = sm.print(sm.roles[r] as number);
  const seen = new Set<string>();
  const root: Element = { state: sm.initialState(), parent: undefined, joint: undefined, percepts: [] };
  const queue: Element[][] = [[root]];
  seen.add(root.state.key);
  let states = 0;
  let sets = 0;
  const result = (complete: boolean, violated: boolean): EpistemicRoleResult => ({ role: name, complete, states, sets, violated });
  for (let q = 0; q < queue.length; q++) {
    const set = queue[q] as Element[];
    if (states + set.length > maxStates || performance.now() > deadline) return { result: result(false, false) };
    states += set.length;
    sets++;
    let first: { e: Element; legal: number[] } | undefined;
    for (const e of set) {
      const legal = ex.info(e.state).legal;
      if (!legal) continue;
      const mine = legal[r] as number[];
      if (!first) first = { e, legal: mine };
      else if (!sameList(first.legal, mine)) {
        const a = historyOf(sm, first.e, first.legal);
        const b = historyOf(sm, e, mine);
        const differ = [...first.legal.filter((m) => !mine.includes(m)), ...mine.filter((m) => !first!.legal.includes(m))];
        const span = legalSpan(program, sm.roles[r] as number, differ);
        const steps = a.moves.length;
        const finding = error(
          'epistemic',
          `${name} cannot tell apart two histories of ${steps} joint move${steps === 1 ? '' : 's'} (the same own moves and the same percepts at every step), but its legal moves differ: {${a.legal.join(', ')}} after the first, {${b.legal.join(', ')}} after the second; a player must be able to tell its legal moves from what it has seen`,
          span,
          { witness: a.moves, histories: [a, b], role: name },
        );
        return { result: result(false, true), finding };
      }
    }
    // Successors, grouped by the role's view of the step.
    const groups = new Map<string, Element[]>();
    const keys = new Map<string, Set<string>>();
    for (const e of set) {
      const succ = ex.successors(e.state);
      if (succ === undefined) return { result: result(false, false) };
      for (const { joint, next, percepts: all } of succ) {
        const percepts = (all[r] ?? []) as number[];
        const view = `${joint[r]}|${percepts.join(' ')}`;
        let group = groups.get(view);
        let inGroup = keys.get(view);
        if (!group || !inGroup) {
          group = [];
          inGroup = new Set();
          groups.set(view, group);
          keys.set(view, inGroup);
        }
        if (!inGroup.has(next.key)) {
          inGroup.add(next.key);
          group.push({ state: next, parent: e, joint, percepts });
        }
      }
    }
    for (const [view, group] of groups) {
      const key = [...(keys.get(view) as Set<string>)].sort().join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(group);
    }
  }
  return { result: result(true, false) };
}

/**
 * The epistemic check of every role but `random` (see the module comment).
 * Evaluation errors end a role's search (they are reported by the other checks).
 */
export function checkEpistemic(sm: StateMachine, program: Program, options: EpistemicOptions = {}): EpistemicResult {
  const findings: Finding[] = [];
  const roles: EpistemicRoleResult[] = [];
  const maxStates = options.maxStates ?? 10_000;
  const deadline = options.deadline ?? Infinity;
  const ex = new Expander(sm, options.maxTransitions ?? maxStates * 3, deadline);
  sm.roles.forEach((role, r) => {
    if (sm.print(role) === 'random') return;
    let out: ReturnType<typeof checkRole>;
    try {
      out = checkRole(sm, r, ex, maxStates, deadline, program);
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      roles.push({ role: sm.print(role), complete: false, states: 0, sets: 0, violated: false });
      return;
    }
    roles.push(out.result);
    if (out.finding) findings.push(out.finding);
    else if (!out.result.complete) {
      findings.push(
        warning(
          'epistemic',
          `not decided past ${out.result.states} states: the information-set search for ${out.result.role} (whether it can always tell its legal moves from its own moves and percepts) stopped at its budget after ${out.result.sets} information sets without finding two indistinguishable histories with different legal moves`,
        ),
      );
    }
  });
  return { findings, roles };
}
