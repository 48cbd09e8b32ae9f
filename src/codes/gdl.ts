/** Codes of the GDL state machines and playouts (src/gdl/machine/, src/gdl/play/): `gramlog simulate`. */
import { declareCodes } from './registry.js';

const GAME = `(role p)
(init on)
(legal p go)
(<= (next done) (does p go))
(<= terminal (true done))
(goal p 100)
`;
const sim = (text: string, options = '') => ({ file: 'game.gdl', text, command: `gramlog simulate game.gdl --playouts 10${options}` });
const without = (line: string) => GAME.replace(`${line}\n`, '');

export const CODES = declareCodes([
  {
    code: 'gdl/no-roles',
    severity: 'error',
    title: 'The game to play has no roles.',
    explanation: 'A game is played only when it states at least one `(role NAME)` fact. (`gramlog validate` reports the same as `roles`.)',
    example: sim(without('(role p)')),
    fix: 'State each player as a fact: `(role white)`.',
  },
  {
    code: 'gdl/no-legal',
    severity: 'error',
    title: 'The game to play defines no legal moves.',
    explanation: 'No fact or rule defines `(legal ROLE MOVE)`, so no role could ever move.',
    example: sim(without('(legal p go)')),
    fix: 'Add `(legal ROLE MOVE)` facts or rules.',
  },
  {
    code: 'gdl/no-terminal',
    severity: 'error',
    title: 'The game to play never ends.',
    explanation: 'No rule defines `terminal`, so no play could end.',
    example: sim(without('(<= terminal (true done))')),
    fix: 'Add a rule for `terminal`.',
  },
  {
    code: 'gdl/no-goal',
    severity: 'error',
    title: 'The game to play defines no goals.',
    explanation: 'No fact or rule defines `(goal ROLE VALUE)`, so no play could be scored.',
    example: sim(without('(goal p 100)')),
    fix: 'Add `(goal ROLE VALUE)` facts or rules, a value from 0 to 100 for each role in each terminal state.',
  },
  {
    code: 'gdl/no-legal-move',
    severity: 'error',
    title: 'A playout reached a state where a role has no legal move.',
    explanation: 'Random play reached a state that is not terminal, in which a role has no legal move; the message names the playout and seed. `gramlog validate` finds such states with the moves that reach them (`legal`).',
    example: sim(GAME.replace('(legal p go)', '(<= (legal p go) (true done))')),
    fix: 'Give every role a legal move in every non-terminal state (`(legal p noop)` for waiting), or make the state terminal.',
  },
  {
    code: 'gdl/not-groundable',
    severity: 'error',
    title: 'The game cannot be run by the compiled executor.',
    explanation: 'With `--executor compiled`, the game must ground into a finite propositional network within the size limits. A game whose terms grow without bound, or a very large one, does not.',
    example: sim('(role p)\n(init (c 0))\n(legal p go)\n(<= (next (c (s ?x))) (true (c ?x)))\n(<= terminal (true (c (s (s 0)))))\n(goal p 100)\n', ' --executor compiled'),
    fix: 'Use `--executor auto` (the default: it falls back to the engine) or `--executor engine`, or bound the terms of the game.',
  },
  {
    code: 'gdl/joint-move',
    severity: 'error',
    title: 'A joint move without one move per role.',
    explanation: "Raised by a state machine's `nextState` when it is given a number of moves other than the number of roles.",
    reachableFrom: 'api',
    apiNote: '`createStateMachine(...).nextState(state, moves)` with the wrong number of moves.',
    fix: 'Pass one move per role, in the order of `roles`.',
  },
]);
