/**
 * The reference state machine: exact GDL semantics by the Datalog engine.
 *
 * The game is split into two programs over the same terms (derived.ts):
 * the rules `legal`, `terminal` and `goal` depend on, and the rules `next`
 * depends on (each with all the facts), so asking for legal moves never
 * evaluates the rules of the next state and the other way round. Each is
 * evaluated once with no state (the static part: every relation that depends
 * on neither `true` nor `does` is final there); per state only the relations
 * that depend on `true` (and, for the next state, on `does`) are evaluated
 * again, on top of that static model (`evaluate(program, {base, facts})`).
 * The model of the last state asked about is kept, so legalMoves, isTerminal
 * and goals on one state cost one evaluation. Join plans follow the sizes of
 * the state (evaluate's `replan`): a plan made on the initial state, where
 * `true` holds a fact or two, would be a poor one for a full board.
 */
import { evaluate, type InjectedFact, type Model } from '../../engine/index.js';
import { GramlogError } from '../../errors.js';
import { compareTerms } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import { choosePerStateProgram, demandStateProgram, type DemandMode } from './demand/demand-state.js';
import { MemoStore } from './demand/demand-memo.js';
import { derivedProgram } from './derived.js';
import type { GameInfo } from './game.js';
import { makeState } from './state.js';
import type { GameState, StateMachine } from './types.js';

/** Goal values per role from a model: numbers, sorted ascending (a non-numeric value is NaN, last). */
export function goalsOf(program: Program, info: GameInfo, model: Model): number[][] {
  const out: number[][] = info.roles.map(() => []);
  if (info.goal === undefined) return out;
  const rel = model.relations[info.goal];
  if (!rel) return out;
  for (let t = 0; t < rel.count; t++) {
    const r = info.roles.indexOf(rel.get(t, 0));
    if (r < 0) continue;
    (out[r] as number[]).push(program.terms.numberValue(rel.get(t, 1)) ?? NaN);
  }
  for (const g of out) g.sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b));
  return out;
}

/** Each role's percepts (the `sees` tuples of the model), sorted by compareTerms and without duplicates. */
export function perceptsOf(program: Program, info: GameInfo, model: Model): number[][] {
  const out: number[][] = info.roles.map(() => []);
  const rel = info.sees === undefined ? undefined : model.relations[info.sees];
  if (!rel) return out;
  for (let t = 0; t < rel.count; t++) {
    const r = info.roles.indexOf(rel.get(t, 0));
    if (r >= 0) (out[r] as number[]).push(rel.get(t, 1));
  }
  const terms = program.terms;
  return out.map((ps) => [...new Set(ps)].sort((a, b) => compareTerms(terms, a, b)));
}

/** The game's facts and the rules of the relations `roots` depend on (transitively). */
export function coneProgram(game: Program, roots: ReadonlyArray<number | undefined>): Program {
  const needed = new Uint8Array(game.relations.length);
  const byHead: number[][] = game.relations.map(() => []);
  game.rules.forEach((rule, i) => (byHead[rule.head.rel] as number[]).push(i));
  const stack = roots.filter((r): r is number => r !== undefined);
  while (stack.length > 0) {
    const r = stack.pop() as number;
    if (needed[r]) continue;
    needed[r] = 1;
    for (const i of byHead[r] as number[]) {
      for (const lit of (game.rules[i] as (typeof game.rules)[number]).body) {
        if ((lit.kind === 'pos' || lit.kind === 'neg') && !needed[lit.rel]) stack.push(lit.rel);
      }
    }
  }
  const p = derivedProgram(game);
  // Loops, not push(...): a spread of a very large game's facts overflows the stack.
  for (const f of game.facts) p.facts.push(f);
  for (const rule of game.rules) if (needed[rule.head.rel]) p.rules.push(rule);
  return p;
}

export class EngineStateMachine implements StateMachine {
  readonly executor = 'engine' as const;
  /** Why createStateMachine did not compile the game (set by createStateMachine). */
  fallbackReason: string | undefined;
  readonly roles: readonly number[];
  /** The program of legal, terminal and goal, and of next, with their static models. */
  private readonly stateProgram: Program;
  private readonly stateStatic: Model;
  private readonly nextProgram: Program;
  private readonly nextStatic: Model;
  /** Answers to static questions kept across states (static relations on demand only; demand-memo.ts). */
  private readonly stateMemo: MemoStore | undefined;
  private readonly nextMemo: MemoStore | undefined;
  private readonly init: GameState;
  /** Whether the per-state programs are evaluated demand-driven (some relation of them rewritten by demand.ts). */
  readonly demandDriven: boolean;
  /** Whether the static relations are evaluated on demand too (the static model was too large to materialise). */
  readonly staticDemand: boolean;
  private lastKey: string | undefined;
  private lastModel: Model | undefined;
  private lastStepKey: string | undefined;
  private lastStepModel: Model | undefined;

  /** Evaluations stop with an engine/budget error once Date.now() passes `deadline` (undefined: never), with engine/limit past `maxFacts`. */
  private readonly budget: { deadline?: number; maxFacts?: number };

  constructor(
    readonly program: Program,
    private readonly info: GameInfo,
    staticModel?: Model,
    deadline?: number,
    /**
     * Evaluate the per-state programs demand-driven (demand.ts): 'auto' where
     * that pays on the initial state (demand-state.ts), 'always' wherever the
     * rewrite applies, 'never'; 'static' the static relations too, with no
     * static model (`staticModel` is then ignored).
     */
    demand: DemandMode = 'auto',
    /** Most facts each evaluation may derive (default: the program's maxFacts option, else the engine's). */
    maxFacts?: number,
  ) {
    this.roles = info.roles;
    this.budget = { ...(deadline === undefined ? {} : { deadline }), ...(maxFacts === undefined ? {} : { maxFacts }) };
    // 'static': no static model (createStateMachine found it too large to materialise); the static
    // relations are evaluated on demand too, per state (demand-state.ts).
    const staticDemand = demand === 'static';
    const whole = staticDemand ? undefined : (staticModel ?? evaluate(program, this.budget));
    // Without the static model, the initial state from the rules init depends on alone.
    const initModel = whole ?? evaluate(coneProgram(program, [info.init]), this.budget);
    const init = info.init === undefined ? [] : this.column(initModel, info.init, 0);
    this.init = makeState(init);
    const perState = (roots: Array<number | undefined>, probe: () => InjectedFact[] | undefined) => {
      const cone = coneProgram(program, roots);
      const rewritten = demand !== 'never' ? demandStateProgram(cone, roots, info, whole, init.length) : undefined;
      // Nothing to rewrite: the plain cone (its static model stops at the same limit when it holds the large relation).
      const chosen = choosePerStateProgram(cone, rewritten?.program, probe, this.budget, demand === 'always' || staticDemand);
      // Static answers kept across states (only made when the static relations are on demand).
      const memos = chosen.program === rewritten?.program ? rewritten.memos : [];
      return { ...chosen, memo: memos.length > 0 ? new MemoStore(memos, chosen.static) : undefined };
    };
    // Per-state programs, demand-driven where that pays on the initial state (demand-state.ts).
    const state = perState([info.legal, info.terminal, info.goal], () => this.trueFacts(this.init));
    this.stateProgram = state.program;
    this.stateStatic = state.static;
    this.stateMemo = state.memo;
    // The next state and the GDL-II percepts are both read from the state and the joint move.
    const next = perState([info.next, info.sees], () => this.firstJointMove());
    this.nextProgram = next.program;
    this.nextStatic = next.static;
    this.nextMemo = next.memo;
    this.demandDriven = state.demand || next.demand;
    this.staticDemand = staticDemand;
  }

  /** Questions to static relations answered once and kept across states (static relations on demand only; demand-memo.ts). */
  get keptQuestions(): number {
    return (this.stateMemo?.questions ?? 0) + (this.nextMemo?.questions ?? 0);
  }

  /** The initial state's facts with each role's first legal move (undefined when a role has none). */
  private firstJointMove(): InjectedFact[] | undefined {
    const facts = this.trueFacts(this.init);
    const does = this.info.does;
    if (does === undefined) return facts;
    for (let r = 0; r < this.roles.length; r++) {
      const move = this.legalMoves(this.init, r)[0];
      if (move === undefined) return undefined;
      facts.push({ rel: does, tuple: [this.roles[r] as number, move] });
    }
    return facts;
  }

  private column(model: Model, rel: number, col: number): number[] {
    const r = model.relations[rel];
    const out: number[] = [];
    if (r) for (let t = 0; t < r.count; t++) out.push(r.get(t, col));
    return out;
  }

  private trueFacts(state: GameState): InjectedFact[] {
    const rel = this.info.true;
    return rel === undefined ? [] : state.facts.map((id) => ({ rel, tuple: [id] }));
  }

  /** The model of a state (true facts only): legal, terminal, goal. */
  private modelOf(state: GameState): Model {
    if (this.lastKey === state.key && this.lastModel) return this.lastModel;
    const model = evaluate(this.stateProgram, { base: this.stateStatic, facts: this.trueFacts(state), replan: true, ...this.budget });
    this.stateMemo?.update(model);
    this.lastKey = state.key;
    this.lastModel = model;
    return model;
  }

  initialState(): GameState {
    return this.init;
  }

  legalMoves(state: GameState, role: number): number[] {
    const roleId = this.roles[role];
    if (roleId === undefined || this.info.legal === undefined) return [];
    const rel = this.modelOf(state).relations[this.info.legal];
    const moves: number[] = [];
    if (rel) for (let t = 0; t < rel.count; t++) if (rel.get(t, 0) === roleId) moves.push(rel.get(t, 1));
    const terms = this.program.terms;
    return moves.sort((a, b) => compareTerms(terms, a, b));
  }

  /** The model of a state and a joint move: next and sees (the last one asked about is kept). */
  private stepModel(state: GameState, moves: readonly number[]): Model {
    if (moves.length !== this.roles.length) {
      throw new GramlogError('gdl/joint-move', `a joint move needs one move per role (${this.roles.length}), not ${moves.length}`);
    }
    const key = `${state.key}|${moves.join(' ')}`;
    if (this.lastStepKey === key && this.lastStepModel) return this.lastStepModel;
    const facts = this.trueFacts(state);
    const does = this.info.does;
    if (does !== undefined) this.roles.forEach((r, i) => facts.push({ rel: does, tuple: [r, moves[i] as number] }));
    const model = evaluate(this.nextProgram, { base: this.nextStatic, facts, replan: true, ...this.budget });
    this.nextMemo?.update(model);
    this.lastStepKey = key;
    this.lastStepModel = model;
    return model;
  }

  nextState(state: GameState, moves: readonly number[]): GameState {
    const model = this.stepModel(state, moves);
    if (this.info.next === undefined) return makeState([]);
    return makeState(this.column(model, this.info.next, 0));
  }

  percepts(state: GameState, moves: readonly number[]): number[][] {
    const model = this.stepModel(state, moves);
    return perceptsOf(this.program, this.info, model);
  }

  isTerminal(state: GameState): boolean {
    if (this.info.terminal === undefined) return false;
    return (this.modelOf(state).relations[this.info.terminal]?.count ?? 0) > 0;
  }

  goals(state: GameState): number[][] {
    return goalsOf(this.program, this.info, this.modelOf(state));
  }

  print(id: number): string {
    return this.program.terms.print(id);
  }
}
