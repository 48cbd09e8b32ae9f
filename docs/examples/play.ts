// Play a GDL game through the state machine: validate it, then walk one line of play.
import { readFileSync } from 'node:fs';
import { createStateMachine, validate } from 'gramlog';
import { loadProgram } from 'gramlog/engine';

const file = 'docs/examples/coin.kif';
const text = readFileSync(file, 'utf8');
console.log('valid:', validate(text, { file }).ok);

const sm = createStateMachine(loadProgram([{ file, text }], { builtins: false }));
let state = sm.initialState();
console.log('roles:', sm.roleNames.join(' '));
const moves = sm.legalMoves(state, 0);
console.log('legal:', moves.map((m) => sm.print(m)).join(' '));
const flip = moves.find((m) => sm.print(m) === 'flip')!;
state = sm.nextState(state, [flip]);
console.log('terminal:', sm.isTerminal(state), 'goals:', sm.goals(state).join(' '));
