import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { createStateMachine, type CreatedStateMachine, type Executor } from '../../src/gdl/machine/statemachine.js';
import type { GameState } from '../../src/gdl/machine/types.js';
import { loadProgram } from '../../src/program/load.js';
import { BYTES_PER_LITERAL, BYTES_PER_RULE, DEFAULT_GROUND_BYTES, groundBytes, groundGame, type GroundLimits } from '../../src/gdl/machine/ground/ground.js';
import { gameInfo } from '../../src/gdl/machine/game.js';
import { relaxedReachability } from '../../src/gdl/machine/relaxed.js';
import { evaluate } from '../../src/engine/index.js';
import type { Program } from '../../src/program/program.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const load = (text: string) => loadProgram([{ text, file: 'g.kif' }], { builtins: false });
const game = (name: string) =>
  loadProgram([{ text: readFileSync(path.join(repoRoot, 'games', name), 'utf8'), file: `games/${name}` }], { builtins: false });

/** Grounds a game as createStateMachine does. */
const groundOf = (program: Program, limits: GroundLimits) =>
  groundGame(program, gameInfo(program), evaluate(program), relaxedReachability(program), limits);

/** Drives a state machine by move text, checking every move is legal. */
class Player {
  state: GameState;
  constructor(readonly sm: CreatedStateMachine) {
    this.state = sm.initialState();
  }
  legal(role: number): string[] {
    return this.sm.legalMoves(this.state, role).map((m) => this.sm.print(m));
  }
  facts(): string[] {
    return this.state.facts.map((id) => this.sm.print(id)).sort();
  }
  play(...moves: string[]): this {
    const ids = moves.map((text, r) => {
      const id = this.sm.legalMoves(this.state, r).find((m) => this.sm.print(m) === text);
      if (id === undefined) throw new Error(`${text} is not legal for role ${r}: ${this.legal(r).join(' ')}`);
      return id;
    });
    this.state = this.sm.nextState(this.state, ids);
    return this;
  }
  get terminal(): boolean {
    return this.sm.isTerminal(this.state);
  }
  get goals(): number[][] {
    return this.sm.goals(this.state);
  }
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof GramlogError) return e.code;
    throw e;
  }
  throw new Error('expected a GramlogError');
}

describe.each<Executor>(['engine', 'compiled'])('state machine (%s executor)', (executor) => {
  const create = (name: string) => createStateMachine(game(name), { executor });

  it('runs on the requested executor', () => {
    expect(create('tictactoe.kif').executor).toBe(executor);
  });

  it('tic-tac-toe: initial state, legal moves in sorted order, a win for white', () => {
    const sm = create('tictactoe.kif');
    expect(sm.roles.map((r) => sm.print(r))).toEqual(['white', 'black']);
    const p = new Player(sm);
    expect(p.facts()).toHaveLength(10);
    expect(p.facts()).toContain('(control white)');
    expect(p.facts()).toContain('(cell 2 3 b)');
    expect(p.legal(0)).toEqual([1, 2, 3].flatMap((r) => [1, 2, 3].map((c) => `(play ${r} ${c})`)));
    expect(p.legal(1)).toEqual(['noop']);
    expect(p.terminal).toBe(false);
    p.play('(play 1 1)', 'noop');
    expect(p.facts()).toContain('(cell 1 1 x)');
    expect(p.facts()).toContain('(control black)');
    expect(p.facts()).not.toContain('(cell 1 1 b)');
    expect(p.legal(0)).toEqual(['noop']);
    expect(p.legal(1)).toHaveLength(8);
    expect(p.legal(1)).not.toContain('(play 1 1)');
    p.play('noop', '(play 2 1)').play('(play 1 2)', 'noop').play('noop', '(play 2 2)');
    expect(p.terminal).toBe(false);
    p.play('(play 1 3)', 'noop');
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[100], [0]]);
  });

  it('tic-tac-toe: a full board without a line is a draw', () => {
    const p = new Player(create('tictactoe.kif'));
    // x o x / x o o / o x x
    const order: Array<[number, number]> = [[1, 1], [1, 2], [1, 3], [2, 2], [2, 1], [3, 1], [3, 2], [2, 3], [3, 3]];
    order.forEach(([r, c], i) => {
      const move = `(play ${r} ${c})`;
      expect(p.terminal).toBe(false);
      if (i % 2 === 0) p.play(move, 'noop');
      else p.play('noop', move);
    });
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[50], [50]]);
  });

  it('tic-tac-toe: the same position reached in two orders is the same state', () => {
    const sm = create('tictactoe.kif');
    const a = new Player(sm).play('(play 1 1)', 'noop').play('noop', '(play 2 2)').play('(play 1 2)', 'noop');
    const b = new Player(sm).play('(play 1 2)', 'noop').play('noop', '(play 2 2)').play('(play 1 1)', 'noop');
    expect(a.state.key).toBe(b.state.key);
    expect(a.state.facts).toEqual(b.state.facts);
    expect([...a.state.facts]).toEqual([...a.state.facts].sort((x, y) => x - y));
    const c = new Player(sm).play('(play 1 2)', 'noop');
    expect(c.state.key).not.toBe(a.state.key);
  });

  it('nim: taking the last stone wins', () => {
    const p = new Player(create('nim.kif'));
    expect(p.facts()).toEqual(['(control first)', '(stones a 3)', '(stones b 4)', '(stones c 5)']);
    expect(p.legal(0)).toHaveLength(3 + 4 + 5);
    expect(p.legal(0).slice(0, 3)).toEqual(['(take a 1)', '(take a 2)', '(take a 3)']);
    p.play('(take c 5)', 'noop');
    expect(p.facts()).toEqual(['(control second)', '(stones a 3)', '(stones b 4)', '(stones c 0)']);
    expect(p.legal(1)).toEqual(['(take a 1)', '(take a 2)', '(take a 3)', '(take b 1)', '(take b 2)', '(take b 3)', '(take b 4)']);
    p.play('noop', '(take b 4)');
    expect(p.terminal).toBe(false);
    p.play('(take a 3)', 'noop');
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[100], [0]]);
  });

  it('race: simultaneous moves, sprinting tires, a tie at the finish', () => {
    const p = new Player(create('race.kif'));
    expect(p.legal(0)).toEqual(['sprint', 'walk']);
    p.play('sprint', 'walk');
    expect(p.facts()).toEqual(['(at left 2)', '(at right 1)', '(tired left)']);
    expect(p.legal(0)).toEqual(['walk']);
    expect(p.legal(1)).toEqual(['sprint', 'walk']);
    expect(p.goals).toEqual([[0], [0]]);
    p.play('walk', 'sprint').play('sprint', 'walk');
    expect(p.facts()).toEqual(['(at left 5)', '(at right 4)', '(tired left)']);
    expect(p.terminal).toBe(false);
    p.play('walk', 'sprint');
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[50], [50]]);
  });

  it('race: reaching the end alone wins', () => {
    const p = new Player(create('race.kif'));
    p.play('sprint', 'walk').play('walk', 'walk').play('sprint', 'walk').play('walk', 'walk');
    expect(p.facts()).toContain('(at left 6)');
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[100], [0]]);
  });

  it('maze: walls restrict moves; the shortest path escapes', () => {
    const p = new Player(create('maze.kif'));
    expect(p.legal(0)).toEqual(['(move north)']);
    p.play('(move north)');
    expect(p.legal(0)).toEqual(['(move east)', '(move north)', '(move south)']);
    for (const d of ['east', 'east', 'north', 'east']) p.play(`(move ${d})`);
    expect(p.terminal).toBe(false);
    expect(p.goals).toEqual([[0]]);
    p.play('(move north)');
    expect(p.facts()).toEqual(['(at 4 4)', '(step 6)']);
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[100]]);
  });

  it('maze: running out of moves ends the game with 0', () => {
    const p = new Player(create('maze.kif'));
    for (let i = 0; i < 6; i++) p.play('(move north)').play('(move south)');
    expect(p.facts()).toEqual(['(at 1 1)', '(step 12)']);
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[0]]);
  });

  it('plays a game with or, distinct, not, recursion over the state, and no base or input', () => {
    // Players add links; the game ends when a reaches d through links.
    const sm = createStateMachine(
      load(`(role maker) (node a) (node b) (node c) (node d)
        (<= (legal maker (link ?x ?y)) (node ?x) (node ?y) (distinct ?x ?y) (not (true (edge ?x ?y))) (not reached))
        (<= (next (edge ?x ?y)) (or (does maker (link ?x ?y)) (true (edge ?x ?y))))
        (<= (path ?x ?y) (true (edge ?x ?y)))
        (<= (path ?x ?z) (path ?x ?y) (true (edge ?y ?z)))
        (<= reached (path a d))
        (<= terminal reached)
        (<= (goal maker 100) reached)
        (<= (goal maker 0) (not reached))
        (init (edge b b))`),
      { executor },
    );
    const p = new Player(sm);
    expect(p.legal(0)).toHaveLength(12);
    p.play('(link a b)').play('(link c d)');
    expect(p.legal(0)).not.toContain('(link a b)');
    expect(p.terminal).toBe(false);
    p.play('(link b c)');
    expect(p.terminal).toBe(true);
    expect(p.goals).toEqual([[100]]);
    expect(p.legal(0)).toEqual([]);
  });

  it('reads facts of relations that also have state-dependent rules', () => {
    const sm = createStateMachine(
      load(`(role p) (next done) (<= (next (line ?x)) (does p (draw ?x))) (legal p (draw 1))
            (<= terminal (true done)) (goal p 100)`),
      { executor },
    );
    const p = new Player(sm).play('(draw 1)');
    expect(p.facts()).toEqual(['(line 1)', 'done']);
    expect(p.terminal).toBe(true);
  });

  it('keeps roles in the order of the role facts and gives several or no goal values', () => {
    const sm = createStateMachine(
      load(`(role zed) (role amy) (init s) (<= (legal ?r go) (role ?r)) (<= (next s) (true s))
            (<= terminal (true s)) (goal zed 10) (goal zed 20)`),
      { executor },
    );
    expect(sm.roles.map((r) => sm.print(r))).toEqual(['zed', 'amy']);
    expect(sm.goals(sm.initialState())).toEqual([[10, 20], []]);
    expect(codeOf(() => sm.nextState(sm.initialState(), []))).toBe('gdl/joint-move');
  });
});

describe('createStateMachine', () => {
  const minimal = {
    roles: '(role p)',
    init: '(init s)',
    legal: '(<= (legal p go) (true s))',
    next: '(<= (next s) (true s))',
    terminal: '(<= terminal (true t))',
    goal: '(goal p 50)',
  };
  const without = (part: keyof typeof minimal) =>
    Object.entries(minimal)
      .filter(([k]) => k !== part)
      .map(([, v]) => v)
      .join('\n');

  it('raises a clear error for a game that cannot be played', () => {
    expect(() => createStateMachine(load(without('next')))).not.toThrow();
    expect(codeOf(() => createStateMachine(load(without('roles'))))).toBe('gdl/no-roles');
    expect(codeOf(() => createStateMachine(load(without('legal'))))).toBe('gdl/no-legal');
    expect(codeOf(() => createStateMachine(load(without('terminal'))))).toBe('gdl/no-terminal');
    expect(codeOf(() => createStateMachine(load(without('goal'))))).toBe('gdl/no-goal');
    expect(codeOf(() => createStateMachine(load(without('roles') + ' (<= (legal p ?m) (true s))')))).toBe('safety');
    expect(codeOf(() => createStateMachine(load('')))).toBe('gdl/no-roles');
  });

  it('the error for a missing part points at the file', () => {
    let error: GramlogError | undefined;
    try {
      createStateMachine(load(without('goal')));
    } catch (e) {
      error = e as GramlogError;
    }
    expect(error?.span?.file).toBe('g.kif');
    expect(error?.message).toMatch(/defines no goals/);
  });

  it('plays a game without init from the empty state', () => {
    for (const executor of ['engine', 'compiled'] as const) {
      const sm = createStateMachine(load(without('init').replace('(true s)', '(not (true s))') + ' (<= terminal (true s))'), { executor });
      expect(sm.initialState().facts).toEqual([]);
      expect(sm.isTerminal(sm.initialState())).toBe(false);
      expect(sm.legalMoves(sm.initialState(), 0).map((m) => sm.print(m))).toEqual(['go']);
    }
  });

  it('auto compiles small games and falls back to the engine beyond the limits', () => {
    expect(createStateMachine(game('tictactoe.kif')).executor).toBe('compiled');
    const small = createStateMachine(game('tictactoe.kif'), { limits: { maxRules: 10 } });
    expect(small.executor).toBe('engine');
    expect(small.fallbackReason).toMatch(/more than 10 ground rules/);
  });

  it('limits grounding by an estimate of its memory, counted as the rules are built', () => {
    const full = groundOf(game('tictactoe.kif'), {});
    if (!full.ok) throw new Error(full.reason);
    const rules = full.game.heads.length;
    const literals = full.game.lits.length;
    const bytes = groundBytes(rules, literals);
    expect(bytes).toBe(rules * BYTES_PER_RULE + literals * BYTES_PER_LITERAL);
    // Exactly the estimate fits; one byte less does not, and says why.
    expect(groundOf(game('tictactoe.kif'), { maxBytes: bytes }).ok).toBe(true);
    const tight = groundOf(game('tictactoe.kif'), { maxBytes: bytes - 1 });
    expect(tight.ok).toBe(false);
    if (!tight.ok) expect(tight.reason).toMatch(/memory budget of/);
    const sm = createStateMachine(game('tictactoe.kif'), { limits: { maxBytes: bytes - 1 } });
    expect(sm.executor).toBe('engine');
    expect(sm.fallbackReason).toMatch(/memory budget/);
    // The default budget is far above a small game's estimate.
    expect(bytes).toBeLessThan(DEFAULT_GROUND_BYTES / 1000);
  });

  it('falls back to the engine when the relaxed game is infinite; compiled refuses it', () => {
    const text = `(role p) (init (s 0)) (<= (legal p go) (true (s ?_x)))
      (<= (next (s (s ?x))) (true (s ?x))) (<= terminal (true (s (s (s (s 0)))))) (goal p 100)`;
    const sm = createStateMachine(load(text));
    expect(sm.executor).toBe('engine');
    expect(sm.fallbackReason).toMatch(/relaxed game is infinite or too large \(a term grows without bound/);
    const p = new Player(sm).play('go').play('go');
    expect(p.terminal).toBe(false);
    p.play('go');
    expect(p.facts()).toEqual(['(s (s (s (s 0))))']);
    expect(p.terminal).toBe(true);
    expect(codeOf(() => createStateMachine(load(text), { executor: 'compiled' }))).toBe('gdl/not-groundable');
  });

  it('leaves a game that states (true ..) or (does ..) as a fact to the engine', () => {
    const sm = createStateMachine(load('(role p) (true s) (<= (legal p go) (true s)) (<= terminal (true t)) (goal p 1)'));
    expect(sm.executor).toBe('engine');
    expect(sm.fallbackReason).toMatch(/defines true or does/);
    expect(sm.legalMoves(sm.initialState(), 0).map((m) => sm.print(m))).toEqual(['go']);
  });

  it('runs both network evaluators', () => {
    for (const propnet of ['flat', 'differential'] as const) {
      const sm = createStateMachine(game('nim.kif'), { executor: 'compiled', propnet });
      const p = new Player(sm).play('(take a 3)', 'noop').play('noop', '(take b 4)').play('(take c 5)', 'noop');
      expect(p.terminal).toBe(true);
      expect(p.goals).toEqual([[100], [0]]);
    }
  });
});
