/**
 * The GDL (and GDL-II, GDL-III) vocabulary as data (see
 * src/vocabulary-schema.ts), for the reference and the language
 * server. The validator's keyword restrictions (src/gdl/validate) are the
 * GDL specification's own and are kept there.
 */
import type { ArgSchema, VocabularyEntry, VocabularySchema } from '../../vocabulary-schema.js';

const ROLE: ArgSchema = { name: 'ROLE', kind: 'role' };
const FACT: ArgSchema = { name: 'FACT', kind: 'term' };
const MOVE: ArgSchema = { name: 'MOVE', kind: 'term' };
const GDL = 'GDL';

const entries: VocabularyEntry[] = [
  { name: 'role', args: [{ ...ROLE, declares: true }], use: 'fact', group: GDL, doc: 'A player of the game.', example: '(role xplayer)' },
  { name: 'init', args: [FACT], use: 'derivable', group: GDL, doc: 'FACT holds in the initial state.', example: '(init (control xplayer))' },
  { name: 'true', args: [FACT], use: 'injected', group: GDL, doc: 'FACT holds in the current state.', example: '(<= (legal ?p noop) (true (control ?q)) (role ?p) (distinct ?p ?q))' },
  { name: 'next', args: [FACT], use: 'derivable', group: GDL, doc: 'FACT holds in the next state.', example: '(<= (next (control oplayer)) (true (control xplayer)))' },
  { name: 'legal', args: [ROLE, MOVE], use: 'derivable', group: GDL, doc: 'ROLE may make MOVE in the current state.', example: '(<= (legal ?p (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?p)))' },
  { name: 'does', args: [ROLE, MOVE], use: 'injected', group: GDL, doc: 'ROLE makes MOVE this turn (read by next and sees).', example: '(<= (next (cell ?x ?y x)) (does xplayer (mark ?x ?y)))' },
  { name: 'goal', args: [ROLE, { name: 'SCORE', kind: 'integer' }], use: 'derivable', group: GDL, doc: 'ROLE scores SCORE (0..100) in the current state.', example: '(<= (goal xplayer 100) (line x))' },
  { name: 'terminal', args: [], use: 'derivable', group: GDL, doc: 'The current state ends the game.', example: '(<= terminal (not open))' },
  { name: 'base', args: [FACT], use: 'derivable', group: GDL, doc: 'FACT may hold in some state.', example: '(<= (base (cell ?x ?y b)) (index ?x) (index ?y))' },
  { name: 'input', args: [ROLE, MOVE], use: 'derivable', group: GDL, doc: 'ROLE may make MOVE in some state.', example: '(<= (input ?p (mark ?x ?y)) (role ?p) (index ?x) (index ?y))' },
  {
    name: 'distinct',
    args: [
      { name: 'A', kind: 'term' },
      { name: 'B', kind: 'term' },
    ],
    use: 'injected',
    group: GDL,
    doc: 'A and B are different terms (built in).',
    example: '(<= (other ?p) (role ?p) (role ?q) (distinct ?p ?q))',
  },
  { name: 'sees', args: [ROLE, { name: 'PERCEPT', kind: 'term' }], use: 'derivable', group: 'GDL-II', doc: 'ROLE perceives PERCEPT after this turn’s moves.', example: '(<= (sees ?p (played ?m)) (does ?q ?m) (role ?p))' },
  { name: 'random', args: [], use: 'fact', group: 'GDL-II', form: 'random', doc: 'The role of chance, declared (role random); it moves uniformly among its legal moves.', example: '(role random)' },
  { name: 'knows', args: [ROLE, { name: 'FORMULA', kind: 'term' }], use: 'injected', group: 'GDL-III', doc: 'ROLE knows FORMULA in the current state.', example: '(<= terminal (knows alice (secret ?x)))' },
  { name: 'knows', args: [{ name: 'FORMULA', kind: 'term' }], use: 'injected', group: 'GDL-III', doc: 'Every role knows FORMULA (common knowledge).', example: '(<= terminal (knows (secret ?x)))' },
];

export const GDL_SCHEMA: VocabularySchema = {
  kind: 'gdl',
  title: 'Game descriptions (GDL, GDL-II, GDL-III)',
  intro: 'A game description (.kif/.gdl with role) defines the roles, the initial state, the legal moves, the next state, the goals and when the game ends.',
  entries,
};
