/**
 * The compiled state machine: the game grounded over its relaxed-reachable
 * atoms (ground.ts) and run as a propositional network (propnet.ts), by the
 * flat or the differential evaluator (propnet-flat.ts, propnet-diff.ts).
 *
 * It gives the same answers as the engine state machine for every state
 * reachable from the initial state (the property test checks this): such
 * states only hold relaxed-reachable sentences. Sentences of a hand-made
 * state that the relaxed game never reaches are ignored.
 *
 * The network holds one state at a time: the last state asked about stays
 * loaded (legalMoves for each role, isTerminal and goals on one state settle
 * it once), and loading another changes only the inputs that differ.
 * `randomPlayout` runs a whole playout inside the network
 * without building intermediate GameStates.
 */
import type { Random } from '../../random.js';
import { GramlogError } from '../../errors.js';
import { compareTerms } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import type { GroundGame } from './ground/ground.js';
import { noLegalMove } from '../play/playout.js';
import { DiffPropnet } from './propnet/propnet-diff.js';
import { DiffPlayer } from './propnet/diff-playout.js';
import { flatCones, FlatPropnet } from './propnet/propnet-flat.js';
import { optimiseNet, type OptimiseStats } from './propnet/propnet-optimise.js';
import { netStructure, type Propnet, type PropnetKind } from './propnet/propnet.js';
import type { GameInfo } from './game.js';
import { makeState } from './state.js';
import type { GameState, PlayoutResult, StateMachine } from './types.js';
import { maxOf } from '../../arrays.js';

const NONE = -1;

/** The engine's budgets applied to the network (statemachine.ts passes --max-work and --timeout). */
export interface CompiledBudget {
  maxWork?: number;
  deadline?: number;
}

export class CompiledStateMachine implements StateMachine {
  readonly executor = 'compiled' as const;
  readonly roles: readonly number[];
  private readonly val: Uint8Array;
  /** Every `true` proposition, and the one of each term id (NONE when the relaxed game never reaches it). */
  private readonly trueProps: Int32Array;
  private readonly trueOfTerm: Int32Array;
  /** Per role: its legal propositions, their moves (sorted by compareTerms) and the matching `does` propositions. */
  private readonly legalProps: Int32Array[];
  private readonly legalMoveIds: Int32Array[];
  private readonly legalDoes: Int32Array[];
  /** Per role: each legal proposition's gate and value literals (`prop * 2 + negated`; gate -1: none); see propnet-optimise.ts. */
  private readonly legalGate: Int32Array[];
  private readonly legalValue: Int32Array[];
  /** Per role: move term id -> `does` proposition. */
  private readonly doesOf: Array<Map<number, number>>;
  private readonly terminalProp: number;
  /** Per role: goal propositions and their values, by value. */
  private readonly goalProps: Int32Array[];
  private readonly goalValues: Float64Array[];
  /** Per role: its `sees` propositions and their percepts (sorted by compareTerms). */
  private readonly seesProps: Int32Array[];
  private readonly seesTerms: Int32Array[];
  /** `next` propositions, their sentences and the `true` proposition of the same sentence. */
  private readonly nextProps: Int32Array;
  /** Each next proposition's value as a literal (`prop * 2 + negated`): itself, or the literal it copies (see propnet-optimise.ts). */
  private readonly nextLits: Int32Array;
  private readonly nextTerms: Int32Array;
  private readonly nextTrue: Int32Array;
  private readonly init: GameState;
  private readonly scratch: Int32Array;
  private readonly want: Uint8Array;
  /** The `does` propositions currently set, per role (NONE: none). */
  private readonly chosen: Int32Array;
  private readonly net: Propnet;
  private readonly ruleCount: number;
  /** Propositions of the network on a cycle of ground rules (evaluated to a fixed point together). */
  private readonly recursiveCount: number;
  private readonly optimiseStats: OptimiseStats;
  private loadedKey: string | undefined;
  /** The fast playout of the differential network (undefined for the flat one). */
  private readonly player: DiffPlayer | undefined;
  /** --max-work and --timeout (see spend). */
  private readonly maxWork: number | undefined;
  private readonly deadline: number | undefined;
  private readonly stepWork: number;
  private ticks = 0;

  /**
   * The engine's budgets, for the network: one step (a state settled, a joint
   * move played) is one evaluation, whose work is at most the network's
   * propositions plus its rule literals; past --max-work, or once the
   * --timeout deadline has passed (looked at every 64 steps), the step stops
   * with the engine's error, engine/budget.
   */
  private spend(steps: number): void {
    if (this.maxWork !== undefined && this.stepWork > this.maxWork) {
      throw new GramlogError(
        'engine/budget',
        `evaluation stopped: a step of the compiled network visits up to ${this.stepWork} propositions and rule literals, more than the budget of ${this.maxWork} (raise --max-work or --timeout, maxWork or deadline in the API, if the program is meant to be this large)`,
      );
    }
    if (this.deadline === undefined) return;
    this.ticks += steps;
    if (this.ticks < 64) return;
    this.ticks = 0;
    if (Date.now() > this.deadline) {
      throw new GramlogError('engine/budget', 'evaluation stopped: the time ran out in the compiled network (raise --max-work or --timeout, maxWork or deadline in the API, if the program is meant to be this large)');
    }
  }

  constructor(
    readonly program: Program,
    info: GameInfo,
    private readonly ground: GroundGame,
    init: GameState,
    kind: PropnetKind = 'auto',
    budget: CompiledBudget = {},
  ) {
    this.roles = info.roles;
    this.maxWork = budget.maxWork !== undefined && budget.maxWork > 0 && Number.isFinite(budget.maxWork) ? budget.maxWork : undefined;
    this.deadline = budget.deadline !== undefined && budget.deadline > 0 ? budget.deadline : undefined;
    // one step settles at most every proposition through every rule literal
    this.stepWork = ground.size + ((ground.litStart[ground.litStart.length - 1] as number | undefined) ?? 0);
    this.init = init;
    this.want = new Uint8Array(Math.max(1, ground.size));
    const terms = program.terms;
    const propsOf = (rel: number | undefined): Array<{ prop: number; tuple: number[] }> => {
      if (rel === undefined || (ground.offset[rel] as number) < 0) return [];
      const tuples = ground.tuples[rel];
      const out: Array<{ prop: number; tuple: number[] }> = [];
      for (let t = 0; t < (tuples?.count ?? 0); t++) {
        out.push({ prop: (ground.offset[rel] as number) + t, tuple: (tuples as NonNullable<typeof tuples>).tuple(t) });
      }
      return out;
    };
    const trues = propsOf(info.true);
    this.trueProps = Int32Array.from(trues.map((x) => x.prop));
    this.trueOfTerm = new Int32Array(terms.size).fill(NONE);
    for (const x of trues) this.trueOfTerm[x.tuple[0] as number] = x.prop;
    const does = propsOf(info.does);
    this.doesOf = info.roles.map(() => new Map<number, number>());
    for (const x of does) {
      const r = info.roles.indexOf(x.tuple[0] as number);
      if (r >= 0) (this.doesOf[r] as Map<number, number>).set(x.tuple[1] as number, x.prop);
    }
    const legal = propsOf(info.legal);
    this.legalProps = [];
    this.legalMoveIds = [];
    this.legalDoes = [];
    info.roles.forEach((role, r) => {
      const mine = legal.filter((x) => x.tuple[0] === role);
      mine.sort((a, b) => compareTerms(terms, a.tuple[1] as number, b.tuple[1] as number));
      this.legalProps.push(Int32Array.from(mine.map((x) => x.prop)));
      this.legalMoveIds.push(Int32Array.from(mine.map((x) => x.tuple[1] as number)));
      this.legalDoes.push(Int32Array.from(mine.map((x) => (this.doesOf[r] as Map<number, number>).get(x.tuple[1] as number) ?? NONE)));
    });
    const plain = netStructure(info, ground);
    const outputs = [info.legal, info.next, info.terminal, info.goal, info.sees].flatMap((rel) => plain.propsOf(rel));
    // The differential network reads a next proposition that copies a literal as that literal (the flat one computes it).
    const optimised = optimiseNet(
      plain,
      outputs,
      this.legalProps.map((ps) => Array.from(ps)),
      kind === 'flat' ? [] : plain.propsOf(info.next),
    );
    const structure = optimised.net;
    this.optimiseStats = optimised.stats;
    this.ruleCount = structure.ruleHead.length;
    this.recursiveCount = structure.order.filter((p) => structure.recursive(p)).length;
    this.legalGate = this.legalProps.map((ps) => ps.map((p) => optimised.legalGate[p] as number));
    this.legalValue = this.legalProps.map((ps) => ps.map((p) => ((optimised.legalGate[p] as number) >= 0 ? (optimised.legalValue[p] as number) : p * 2)));
    this.terminalProp = propsOf(info.terminal)[0]?.prop ?? NONE;
    const goal = propsOf(info.goal);
    this.goalProps = [];
    this.goalValues = [];
    for (const role of info.roles) {
      const mine = goal
        .filter((x) => x.tuple[0] === role)
        .map((x) => ({ prop: x.prop, value: terms.numberValue(x.tuple[1] as number) ?? NaN }))
        .sort((a, b) => (Number.isNaN(a.value) ? 1 : Number.isNaN(b.value) ? -1 : a.value - b.value));
      this.goalProps.push(Int32Array.from(mine.map((x) => x.prop)));
      this.goalValues.push(Float64Array.from(mine.map((x) => x.value)));
    }
    const sees = propsOf(info.sees);
    this.seesProps = [];
    this.seesTerms = [];
    for (const role of info.roles) {
      const mine = sees.filter((x) => x.tuple[0] === role);
      mine.sort((a, b) => compareTerms(terms, a.tuple[1] as number, b.tuple[1] as number));
      this.seesProps.push(Int32Array.from(mine.map((x) => x.prop)));
      this.seesTerms.push(Int32Array.from(mine.map((x) => x.tuple[1] as number)));
    }
    const next = propsOf(info.next);
    this.nextProps = Int32Array.from(next.map((x) => x.prop));
    this.nextLits = Int32Array.from(next.map((x) => ((optimised.copyOf[x.prop] as number) >= 0 ? (optimised.copyOf[x.prop] as number) : x.prop * 2)));
    const legalRoots = [...this.legalGate, ...this.legalValue].flatMap((ls) => Array.from(ls).filter((l) => l >= 0).map((l) => l >> 1));
    if (kind === 'flat') {
      this.net = new FlatPropnet(structure, flatCones(structure, info, legalRoots));
    } else {
      // What the state machine reads besides goals: legal gates and values, terminal, next, sees.
      const kept = [...legalRoots, ...Array.from(this.nextLits, (l) => l >> 1), ...this.seesProps.flatMap((ps) => Array.from(ps))];
      if (this.terminalProp !== NONE) kept.push(this.terminalProp);
      this.net = new DiffPropnet(structure, { kept, goals: this.goalProps.flatMap((ps) => Array.from(ps)) });
    }
    this.val = this.net.val;
    this.nextTerms = Int32Array.from(next.map((x) => x.tuple[0] as number));
    this.nextTrue = Int32Array.from(next.map((x) => this.trueOf(x.tuple[0] as number)));
    this.scratch = new Int32Array(maxOf(this.legalProps.map((l) => l.length), 1));
    if (this.net instanceof DiffPropnet) {
      const fromNext = new Uint8Array(Math.max(1, ground.size));
      for (const t of this.nextTrue) if (t !== NONE) fromNext[t] = 1;
      this.player = new DiffPlayer(this.net, {
        legalGate: this.legalGate,
        legalValue: this.legalValue,
        legalDoes: this.legalDoes,
        nextLits: this.nextLits,
        nextTrue: this.nextTrue,
        orphanTrue: this.trueProps.filter((t) => !fromNext[t]),
        terminalProp: this.terminalProp,
        goalProps: Int32Array.from(this.goalProps.flatMap((ps) => Array.from(ps))),
      });
      this.chosen = this.player.chosen;
      this.loadFacts(init.facts);
      this.player.snapshot();
      this.loadedKey = init.key;
    } else {
      this.chosen = new Int32Array(info.roles.length).fill(NONE);
    }
  }

  /** Size of the network and which evaluator runs it (for reports). */
  get stats(): {
    propositions: number;
    rules: number;
    evaluator: 'flat' | 'differential';
    optimised: OptimiseStats;
    complementedGates: number;
    deferredRules: number;
    recursivePropositions: number;
    goalOnlyPropositions: number;
  } {
    const complementedGates = this.net instanceof DiffPropnet ? this.net.complemented : 0;
    const deferredRules = this.net instanceof DiffPropnet ? this.net.deferredRules : 0;
    return {
      propositions: this.ground.size,
      rules: this.ruleCount,
      evaluator: this.net.kind,
      optimised: this.optimiseStats,
      complementedGates,
      deferredRules,
      recursivePropositions: this.recursiveCount,
      goalOnlyPropositions: this.net instanceof DiffPropnet ? this.net.goalOnly : 0,
    };
  }

  private trueOf(term: number): number {
    return term < this.trueOfTerm.length ? (this.trueOfTerm[term] as number) : NONE;
  }

  /** Put `facts` on the `true` inputs (changing only what differs) and propagate. */
  private loadFacts(facts: readonly number[]): void {
    const want = this.want;
    for (const f of facts) {
      const p = this.trueOf(f);
      if (p !== NONE) want[p] = 1;
    }
    const net = this.net;
    const trueProps = this.trueProps;
    for (let i = 0; i < trueProps.length; i++) {
      const p = trueProps[i] as number;
      net.set(p, want[p] as number);
      want[p] = 0;
    }
    net.settleState();
    if (this.net instanceof DiffPropnet) this.net.changedCount = 0;
  }

  private load(state: GameState): void {
    if (this.loadedKey === state.key) return;
    this.spend(1);
    this.loadFacts(state.facts);
    this.loadedKey = state.key;
  }

  initialState(): GameState {
    return this.init;
  }

  /** Whether role r's i-th legal proposition holds (after settleState). */
  private isLegal(r: number, i: number): boolean {
    const val = this.val;
    const g = (this.legalGate[r] as Int32Array)[i] as number;
    if (g >= 0 && ((val[g >> 1] as number) ^ (g & 1)) === 0) return false;
    const v = (this.legalValue[r] as Int32Array)[i] as number;
    return ((val[v >> 1] as number) ^ (v & 1)) === 1;
  }

  legalMoves(state: GameState, role: number): number[] {
    const props = this.legalProps[role];
    if (!props) return [];
    this.load(state);
    const moves = this.legalMoveIds[role] as Int32Array;
    const out: number[] = [];
    for (let i = 0; i < props.length; i++) if (this.isLegal(role, i)) out.push(moves[i] as number);
    return out;
  }

  isTerminal(state: GameState): boolean {
    this.load(state);
    return this.terminalProp !== NONE && this.val[this.terminalProp] === 1;
  }

  private collectGoals(): number[][] {
    this.net.settleGoals();
    return this.goalProps.map((props, r) => {
      const values = this.goalValues[r] as Float64Array;
      const out: number[] = [];
      for (let i = 0; i < props.length; i++) if (this.val[props[i] as number]) out.push(values[i] as number);
      return out;
    });
  }

  goals(state: GameState): number[][] {
    this.load(state);
    return this.collectGoals();
  }

  /** Make `p` role r's only `does` proposition (NONE: no move); propagate() after. */
  private choose(r: number, p: number): void {
    const old = this.chosen[r] as number;
    if (old === p) return;
    if (p !== NONE) this.net.set(p, 1);
    if (old !== NONE) this.net.set(old, 0);
    this.chosen[r] = p;
  }

  /** Load `state`, set the `does` inputs of `moves` and settle the next phase (next and sees). */
  private step(state: GameState, moves: readonly number[]): void {
    if (moves.length !== this.roles.length) {
      throw new GramlogError('gdl/joint-move', `a joint move needs one move per role (${this.roles.length}), not ${moves.length}`);
    }
    this.load(state);
    for (let r = 0; r < moves.length; r++) this.choose(r, (this.doesOf[r] as Map<number, number>).get(moves[r] as number) ?? NONE);
    this.net.settleNext();
    if (this.net instanceof DiffPropnet) this.net.changedCount = 0;
  }

  percepts(state: GameState, moves: readonly number[]): number[][] {
    this.step(state, moves);
    const val = this.val;
    return this.seesProps.map((props, r) => {
      const terms = this.seesTerms[r] as Int32Array;
      const out: number[] = [];
      for (let i = 0; i < props.length; i++) if (val[props[i] as number]) out.push(terms[i] as number);
      return out;
    });
  }

  nextState(state: GameState, moves: readonly number[]): GameState {
    this.spend(1);
    this.step(state, moves);
    const facts: number[] = [];
    const val = this.val;
    for (let i = 0; i < this.nextLits.length; i++) {
      const l = this.nextLits[i] as number;
      if (((val[l >> 1] as number) ^ (l & 1)) === 1) facts.push(this.nextTerms[i] as number);
    }
    return makeState(facts);
  }

  /** The fast playout's way to fail (made once, not per playout). */
  private readonly noLegal = (r: number, d: number): never => {
    throw noLegalMove(this, r, d);
  };

  randomPlayout(random: Random, maxDepth: number): PlayoutResult {
    this.spend(1);
    if (this.player) {
      this.loadedKey = undefined;
      const { depth, terminal } = this.player.play(random, maxDepth, this.noLegal);
      this.spend(depth);
      return { depth, terminal, goals: terminal ? this.collectGoals() : this.roles.map(() => []) };
    }
    const val = this.val;
    const { trueProps, nextProps, nextTrue, scratch, net } = this;
    this.loadedKey = undefined;
    this.loadFacts(this.init.facts);
    let depth = 0;
    for (;;) {
      if (this.terminalProp !== NONE && val[this.terminalProp] === 1) {
        const goals = this.collectGoals();
        return { depth, terminal: true, goals };
      }
      if (depth >= maxDepth) {
        return { depth, terminal: false, goals: this.roles.map(() => []) };
      }
      for (let r = 0; r < this.roles.length; r++) {
        const props = this.legalProps[r] as Int32Array;
        let n = 0;
        for (let i = 0; i < props.length; i++) if (this.isLegal(r, i)) scratch[n++] = i;
        if (n === 0) throw noLegalMove(this, r, depth);
        this.choose(r, (this.legalDoes[r] as Int32Array)[scratch[random.int(n)] as number] as number);
      }
      net.settleNext();
      // The next state: read every next proposition before changing any true input.
      const want = this.want;
      for (let i = 0; i < nextProps.length; i++) {
        if (val[nextProps[i] as number]) {
          const t = nextTrue[i] as number;
          if (t !== NONE) want[t] = 1;
        }
      }
      for (let i = 0; i < trueProps.length; i++) {
        const p = trueProps[i] as number;
        net.set(p, want[p] as number);
        want[p] = 0;
      }
      net.settleState();
      depth++;
      this.spend(1);
    }
  }

  print(id: number): string {
    return this.program.terms.print(id);
  }
}
