/**
 * Random walks recorded on GGP-Base's ProverStateMachine
 * (test/bench/ggp-base/ProverWalk.java), replayed move by move on a gramlog
 * state machine: at every state the fluents, terminal, the goals (terminal
 * states) or each role's legal moves are compared, then the recorded joint
 * move is played. Used by ggp-base-walks.test.ts (recorded walks) and
 * test/bench/ggp-base/walks.ts (live runs against GGP-Base).
 */
import type { StateMachine } from '../../src/gdl/machine/types.js';

export interface WalkStep {
  state: string[];
  terminal: boolean;
  goals?: string[];
  legal?: string[][];
  move?: string[];
}

/** GGP-Base's term text in gramlog's canonical form: `( cell 1 1 b )` → `(cell 1 1 b)`, lower case (GGP-Base reads names case-insensitively). */
export function normalise(s: string): string {
  return s.replace(/\( /g, '(').replace(/ \)/g, ')').toLowerCase();
}

/** ProverWalk's output as walks of steps. */
export function parseWalks(text: string): WalkStep[][] {
  const walks: WalkStep[][] = [];
  let walk: WalkStep[] = [];
  let step: WalkStep | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [kind, ...rest] = line.split('\t');
    if (kind === 'state') {
      step = { state: rest.map((f) => normalise(f).replace(/^\(true (.*)\)$/, '$1')).sort(), terminal: false };
      walk.push(step);
    } else if (kind === 'terminal' && step) step.terminal = rest[0] === 'true';
    else if (kind === 'goals' && step) step.goals = rest;
    else if (kind === 'legal' && step) (step.legal ??= []).push(rest.slice(1).map(normalise).sort());
    else if (kind === 'move' && step) step.move = rest.map(normalise);
    else if (kind === 'end') {
      walks.push(walk);
      walk = [];
      step = undefined;
    } else throw new Error(`ProverWalk output: unexpected line ${line.slice(0, 80)}`);
  }
  return walks;
}

/**
 * Replay `walks` on `sm`; the differences, one line each (empty: gramlog agrees
 * with GGP-Base at every state), and the number of states compared.
 */
export function replayWalks(sm: StateMachine, walks: readonly WalkStep[][]): { differences: string[]; states: number } {
  const differences: string[] = [];
  let states = 0;
  const print = (id: number) => normalise(sm.print(id));
  walks.forEach((walk, w) => {
    let state = sm.initialState();
    for (let d = 0; d < walk.length; d++) {
      const step = walk[d] as WalkStep;
      const at = `walk ${w} step ${d}`;
      states++;
      const ours = state.facts.map(print).sort();
      if (ours.join(' ') !== step.state.join(' ')) {
        differences.push(`${at}: state ${ours.join(' ')} where GGP-Base has ${step.state.join(' ')}`);
        return;
      }
      if (sm.isTerminal(state) !== step.terminal) differences.push(`${at}: terminal ${!step.terminal} where GGP-Base has ${step.terminal}`);
      if (step.goals) {
        const goals = sm.goals(state).map((g) => (g.length === 1 ? String(g[0]) : 'none'));
        if (goals.join(' ') !== step.goals.join(' ')) differences.push(`${at}: goals ${goals.join(' ')} where GGP-Base has ${step.goals.join(' ')}`);
      }
      const legal = sm.roles.map((_, r) => sm.legalMoves(state, r));
      step.legal?.forEach((theirs, r) => {
        const mine = (legal[r] ?? []).map(print).sort();
        if (mine.join(' ') !== theirs.join(' ')) differences.push(`${at}: role ${r} legal ${mine.length} moves where GGP-Base has ${theirs.length}`);
      });
      if (!step.move) continue;
      const joint = step.move.map((m, r) => (legal[r] ?? []).find((id) => print(id) === m));
      if (joint.some((m) => m === undefined)) {
        differences.push(`${at}: GGP-Base's move ${step.move.join(' ')} is not legal here`);
        return;
      }
      state = sm.nextState(state, joint as number[]);
    }
  });
  return { differences, states };
}
