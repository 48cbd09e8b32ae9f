/**
 * Replays every witness the validator prints with the state machine and
 * checks that it reaches what the finding says: the sentence is true (bases),
 * the move is legal in a non-terminal state (inputs), a role has no legal move
 * (legal), a terminal state has bad goals (goals), a state comes back (terminal).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/gdl/validate/finding.js';
import { splitStrata } from '../../src/gdl/machine/split-strata.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import type { GameState, StateMachine } from '../../src/gdl/machine/types.js';
import { validateGame, type ValidateOptions } from '../../src/gdl/validate/validate.js';
import { loadProgram } from '../../src/program/load.js';
import { TICTACTOE } from './validate-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const brokenDir = path.join(repoRoot, 'games/broken');

/** Play the witness from the initial state; every move must be legal in a non-terminal state. Returns the states passed. */
function replay(sm: StateMachine, witness: readonly (readonly string[])[]): GameState[] {
  let state = sm.initialState();
  const states = [state];
  for (const joint of witness) {
    expect(sm.isTerminal(state), 'a witness never moves out of a terminal state').toBe(false);
    expect(joint).toHaveLength(sm.roles.length);
    const moves = joint.map((text, r) => {
      const id = sm.legalMoves(state, r).find((m) => sm.print(m) === text);
      expect(id, `${text} is legal for ${sm.print(sm.roles[r] as number)}`).toBeDefined();
      return id as number;
    });
    state = sm.nextState(state, moves);
    states.push(state);
  }
  return states;
}

function checkWitness(sm: StateMachine, f: Finding): void {
  const states = replay(sm, f.witness ?? []);
  const last = states[states.length - 1] as GameState;
  const roleNames = sm.roles.map((r) => sm.print(r));
  switch (f.code) {
    case 'bases':
      expect(last.facts.map((x) => sm.print(x))).toContain(f.sentence);
      break;
    case 'inputs': {
      expect(sm.isTerminal(last)).toBe(false);
      const r = roleNames.findIndex((name) => f.sentence?.startsWith(`(${name} `));
      expect(r).toBeGreaterThanOrEqual(0);
      const move = (f.sentence as string).slice(roleNames[r]!.length + 2, -1);
      expect(sm.legalMoves(last, r).map((m) => sm.print(m))).toContain(move);
      break;
    }
    case 'legal': {
      expect(sm.isTerminal(last)).toBe(false);
      const r = roleNames.findIndex((name) => f.message.startsWith(`${name} `));
      expect(sm.legalMoves(last, r)).toEqual([]);
      break;
    }
    case 'goals': {
      expect(sm.isTerminal(last)).toBe(true);
      const r = roleNames.findIndex((name) => f.message.startsWith(`${name} `));
      const values = sm.goals(last)[r] ?? [];
      expect(values.length === 1 && Number.isInteger(values[0]) && values[0]! >= 0 && values[0]! <= 100).toBe(false);
      break;
    }
    case 'terminal': {
      // A loop: the last state is one the witness passed before.
      expect(states.slice(0, -1).map((s) => s.key)).toContain(last.key);
      break;
    }
    case 'epistemic': {
      // Both histories replay; the role's own moves and percepts agree at every step; its legal moves differ at the end.
      const r = roleNames.indexOf(f.role as string);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(f.histories).toHaveLength(2);
      const views = (f.histories ?? []).map((h) => {
        const hs = replay(sm, h.moves);
        const view = h.moves.map((joint, i) => {
          const at = hs[i] as GameState;
          const moves = joint.map((m, k) => sm.legalMoves(at, k).find((x) => sm.print(x) === m) as number);
          const seen = (sm.percepts(at, moves)[r] ?? []).map((p) => sm.print(p));
          expect(seen).toEqual(h.percepts[i]);
          return `${joint[r]} | ${seen.join(' ')}`;
        });
        const end = hs[hs.length - 1] as GameState;
        expect(sm.isTerminal(end)).toBe(false);
        expect(sm.legalMoves(end, r).map((m) => sm.print(m))).toEqual(h.legal);
        return view;
      });
      expect(views[0]).toEqual(views[1]);
      expect(f.histories?.[0]?.legal).not.toEqual(f.histories?.[1]?.legal);
      break;
    }
    default:
      throw new Error(`no replay check for witnesses of '${f.code}'`);
  }
}

function validateAndReplay(text: string, file: string, options: Partial<ValidateOptions> = {}): Finding[] {
  const r = validateGame(text, { file, ...options });
  const withWitness = r.findings.filter((f) => f.witness !== undefined);
  if (withWitness.length === 0) return [];
  const program = splitStrata(loadProgram([{ text, file }], { builtins: false }));
  for (const executor of ['engine', 'compiled'] as const) {
    const sm = createStateMachine(program, { executor });
    for (const f of withWitness) checkWitness(sm, f);
  }
  return withWitness;
}

describe('every witness the validator prints replays to what it claims', () => {
  it('in the broken games', () => {
    let replayed = 0;
    for (const file of readdirSync(brokenDir).filter((f) => f.endsWith('.kif'))) {
      replayed += validateAndReplay(readFileSync(path.join(brokenDir, file), 'utf8'), file).length;
    }
    expect(replayed).toBeGreaterThanOrEqual(6);
  });

  it('gives the shortest witness: the deep base needs exactly the 8-move code', () => {
    const text = readFileSync(path.join(brokenDir, 'deep-base.kif'), 'utf8');
    const [f] = validateAndReplay(text, 'deep-base.kif');
    expect(f?.sentence).toBe('open');
    expect(f?.witness).toEqual([['c'], ['a'], ['d'], ['b'], ['a'], ['c'], ['d'], ['d']]);
  });

  it('in tic-tac-toe with a base and an input left out, by search and (beyond a tiny budget) by random play', () => {
    const broken = TICTACTOE.replace('(<= (base (cell ?x ?y o)) (index ?x) (index ?y))', '(base (cell 1 1 o))').replace(
      '(<= (input ?p noop) (role ?p))',
      '(input xplayer noop)',
    );
    const bySearch = validateAndReplay(broken, 'ttt.kif');
    expect(bySearch.filter((f) => f.code === 'bases')).toHaveLength(8);
    expect(bySearch.filter((f) => f.code === 'inputs').map((f) => f.sentence)).toEqual(['(oplayer noop)']);
    // Shortest: an o needs two joint moves; oplayer's noop is legal at once.
    expect(bySearch.find((f) => f.sentence === '(cell 1 2 o)')?.witness).toHaveLength(2);
    expect(bySearch.find((f) => f.sentence === '(oplayer noop)')?.witness).toEqual([]);
    const byPlay = validateAndReplay(broken, 'ttt.kif', { maxStates: 2, playouts: 20, seed: 3 });
    expect(byPlay.some((f) => f.message.includes('random play'))).toBe(true);
  });
});

describe('witnessHolds (how validate confirms errors on the engine)', () => {
  it('accepts the witnesses the validator prints and rejects altered ones', async () => {
    const { witnessHolds } = await import('../../src/gdl/validate/witness.js');
    const text = readFileSync(path.join(brokenDir, 'deep-base.kif'), 'utf8');
    const [f] = validateGame(text, { file: 'deep-base.kif' }).findings;
    const sm = createStateMachine(loadProgram([{ text, file: 'deep-base.kif' }], { builtins: false }), { executor: 'engine' });
    expect(f && witnessHolds(sm, f)).toBe(true);
    const short = { ...f!, witness: f!.witness!.slice(0, 7) };
    expect(witnessHolds(sm, short)).toBe(false);
    const illegal = { ...f!, witness: [['z'], ...f!.witness!.slice(1)] };
    expect(witnessHolds(sm, illegal)).toBe(false);
    expect(witnessHolds(sm, { ...f!, sentence: '(step 3)' })).toBe(false);
  });

  it('gives the same findings with the engine alone as with the default executors', () => {
    for (const file of readdirSync(brokenDir).filter((f) => f.endsWith('.kif'))) {
      const text = readFileSync(path.join(brokenDir, file), 'utf8');
      const auto = validateGame(text, { file });
      const engine = validateGame(text, { file, executor: 'engine' });
      expect(engine.findings, file).toEqual(auto.findings);
    }
  });
});
