/**
 * The GDL validator's findings (`gramlog validate`, src/gdl/validate/ and
 * src/gdl/checks/): printed as `error[CHECK]` with the check's name, which is
 * part of the output contract of `validate --json` ("check"), so they have no
 * area prefix.
 */
import { declareCodes } from './registry.js';

/** A small valid game: one role, one move, over after one step. */
const GAME = `(role p)
(base on)
(base done)
(input p go)
(init on)
(legal p go)
(<= (next done) (does p go))
(<= terminal (true done))
(goal p 100)
`;

const v = (file: string, text: string, options = '') => ({ file, text, command: `gramlog validate ${file}${options}` });
const without = (line: string) => GAME.replace(`${line}\n`, '');
const replaced = (line: string, by: string) => GAME.replace(line, by);

export const CODES = declareCodes([
  {
    code: 'spelling',
    severity: 'warning',
    title: 'A name one letter away from a GDL keyword.',
    explanation: "A relation is defined but read by no rule, has the arity of a GDL keyword and is one edit away from its name (`legl` for `legal`): almost always a typo, which would leave the game without what the keyword should define. Reported before every other finding.",
    example: v('game.gdl', GAME + '(legl p stop)\n'),
    fix: 'Correct the spelling (`legal`), or rename the relation so it is clearly not the keyword.',
  },
  {
    code: 'syntax',
    severity: 'error',
    title: 'The game file does not parse.',
    explanation: 'The validator reports every reading error of the file under this one check name; the message is the reader\'s (see the `syntax/...` codes for each kind).',
    example: v('game.gdl', GAME + '(bonus))\n'),
    fix: 'Fix the file where the message points; the `syntax/...` entries explain each message.',
  },
  {
    code: 'recursion',
    severity: 'error',
    title: 'A recursive rule breaks the GDL recursion restriction.',
    explanation: 'GDL requires that in a rule whose body literal is recursive with its head, each argument of that literal be ground, an argument of the head, or bound by a non-recursive positive literal. Rules that build ever larger terms (`(s (s ...))`) break it and may never stop.',
    example: v('game.gdl', GAME + '(num 0)\n(<= (num (s ?x)) (num ?x))\n'),
    fix: 'Bound the recursion by a finite relation, e.g. `(<= (num ?y) (num ?x) (succ ?x ?y))` with `succ` facts up to the largest number needed.',
  },
  {
    code: 'keywords',
    severity: 'error',
    title: 'A GDL keyword where GDL forbids it.',
    explanation: "GDL fixes where each keyword may stand: `role` only as facts; `init`, `next`, `base`, `input` and `sees` only in heads; `true` and `does` only in bodies; keywords never as function names.",
    example: v('game.gdl', GAME + '(<= (bonus) (init on))\n'),
    fix: 'Read the current state with `(true ...)` and moves with `(does ...)`; define keywords only where GDL allows.',
  },
  {
    code: 'dependency',
    severity: 'error',
    title: 'init, base or input depends on the state; or legal, terminal or goal on a move.',
    explanation: '`init`, `base` and `input` hold for the whole game, so they may not depend on `true` or `does`; `legal`, `terminal` and `goal` are asked before the moves are made, so they may not depend on `does`. The message shows the path of rules.',
    example: v('game.gdl', GAME + '(<= (init done) (true on))\n'),
    fix: 'Write the initial state as facts `(init ...)`, and compute the next state in `next` rules.',
  },
  {
    code: 'negation',
    severity: 'warning',
    title: "'not' before something other than a sentence.",
    explanation: "The GDL specification applies `not` to a sentence. gramlog evaluates `(not (not ...))`, `(not (or ...))` and `(not (distinct A B))` (A and B equal), but GGP-Base's validator rejects them (\"only a single sentence is allowed inside a negation\"; it counts `distinct` as no sentence). Where a variable of the negated form is bound by no positive literal, the safety rule of the specification is broken too: that is a `safety` error.",
    example: v('game.gdl', GAME + '(<= (bonus) (true on) (not (not (true on))))\n'),
    fix: 'Write the condition without the nested form: `(not (not A))` is `A`; `(not (or A B))` is `(not A) (not B)`; `(not (distinct ?x ?y))` is one variable for both terms.',
  },
  {
    code: 'case',
    severity: 'warning',
    title: 'Two names that differ only in capitalisation.',
    explanation: 'gramlog keeps `ON` and `on` apart, as GGP-Base does, but KIF names are traditionally case-insensitive and some players would take them for one name. A keyword written in another case (`LEGAL`) is read as the keyword.',
    example: v('game.gdl', GAME + '(<= (bonus) (true ON))\n'),
    fix: 'Spell each name one way everywhere.',
  },
  {
    code: 'parentheses',
    severity: 'warning',
    title: 'A name without arguments written in parentheses: `(p)`.',
    explanation: "The GDL specification writes a relation without arguments (a proposition, such as `terminal`) and a constant bare; GGP-Base's validator rejects `(p)` (\"zero-arity relation\", \"zero-arity function\"). gramlog reads the relation `(p)` as `p`, but GGP-Base's prover reads it as a function that never matches the constant `p`; and a function term `(f)` never matches the constant `f`, in gramlog too. The message says where the bare form is when the game uses both.",
    example: v('game.gdl', GAME + '(ready)\n(<= (bonus) ready)\n'),
    fix: 'Write names without arguments without parentheses: `ready`, `terminal`, `(true gameOver)`.',
  },
  {
    code: 'undefined',
    severity: 'warning',
    title: 'A relation read in a rule body that nothing defines.',
    explanation: 'No fact or rule defines the relation (with this number of arguments), so it is never true and every rule that needs it never fires. Often a typo or a forgotten rule.',
    example: v('game.gdl', GAME + '(<= (bonus) (lucky))\n'),
    fix: 'Define the relation, correct its name or number of arguments, or remove the literal.',
  },
  {
    code: 'fluents',
    severity: 'warning',
    title: '(true F) of a fluent nothing makes, or (does R M) of a move never legal.',
    explanation: 'A rule reads a state fluent that no `init`, `next` or `base` can make true, or a move that no `legal` or `input` names, so the literal is never true. The message suggests a close name when there is one.',
    example: v('game.gdl', GAME + '(<= (bonus) (true gold))\n'),
    fix: 'Make the fluent in an `init` or `next` rule, or correct the name read.',
  },
  {
    code: 'fluent-typo',
    severity: 'error',
    title: '(true F) or (does R M) of a fluent or move nothing makes, one small edit from one the game makes.',
    explanation:
      'A rule reads a fluent no `init`, `next` or `base` makes (or a move no `legal` or `input` names) whose name is within a small edit distance of one the game does make with the same number of arguments: almost always a typo, and the literal can never be true, so what it guards (a move, a goal, the end) can never happen. Names of fewer than 3 characters are left to the `fluents` warning.',
    example: v('game.gdl', GAME + '(<= (bonus) (true dome))\n'),
    fix: "Correct the name (the message says which one it is close to). If the fluent is meant, declare it, `(base (pil 1))` (a move: `(input ROLE (mov 1))`): a declared fluent or move is one the game makes.",
  },
  {
    code: 'rules',
    severity: 'warning',
    title: 'A rule with an empty body.',
    explanation: "`(<= (bonus))` is a rule with nothing after the head: it holds always, like the fact `(bonus)`, and gramlog reads it so. GGP-Base's validator, stricter than the GDL specification here, rejects it (\"zero-arity rule\"); often the parentheses are wrong.",
    example: v('game.gdl', GAME + '(<= (bonus))\n'),
    fix: 'Write it as a fact: `(bonus)`, or put the body back inside the rule.',
  },
  {
    code: 'roles',
    severity: 'error',
    title: 'The game has no roles.',
    explanation: 'A GDL game needs at least one `(role NAME)` fact, one per player.',
    example: v('game.gdl', without('(role p)')),
    fix: 'State each player as a fact: `(role white)`.',
  },
  {
    code: 'bases',
    severity: 'error',
    title: 'A reachable fluent that no base declares (or a base never true).',
    explanation: 'When a game declares `(base ...)` facts, every fluent true in a reachable state must be declared: the validator finds such a state and shows the moves that reach it. A declared base that is never true, or a game with no base or input declarations at all, is a warning.',
    otherSeverity: { severity: 'warning', when: 'for a base never true, or when no base or input is declared' },
    example: v('game.gdl', without('(base done)')),
    fix: 'Add the base the message names (`gramlog validate --emit-bases` prints them all), or remove the declarations that are never true.',
  },
  {
    code: 'inputs',
    severity: 'error',
    title: 'A legal move that no input declares (or an input never legal).',
    explanation: 'When a game declares `(input ROLE MOVE)` facts, every move legal in a reachable state must be declared. A declared input never legal is a warning.',
    otherSeverity: { severity: 'warning', when: 'for an input never legal, or when inputs are not declared' },
    example: v('game.gdl', GAME + '(legal p wait)\n(<= (next done) (does p wait))\n'),
    fix: 'Add the input the message names (`gramlog validate --emit-bases` prints them all).',
  },
  {
    code: 'terminal',
    severity: 'error',
    title: 'The game never ends.',
    explanation: 'There is no rule for `terminal`, or no reachable state is terminal. When a state can come back (the game may go on forever) it is a warning: GDL requires every play to end.',
    otherSeverity: { severity: 'warning', when: 'when a loop lets some plays go on forever' },
    example: v('game.gdl', replaced('(true done)', '(true over)')),
    fix: 'Define `terminal` so that it holds in a state every play reaches.',
  },
  {
    code: 'legal',
    severity: 'error',
    title: 'A role with no legal move in a state that is not terminal.',
    explanation: 'Every role must have at least one legal move in every non-terminal state (a role that waits plays a `noop`); the validator shows the moves that reach the stuck state. A game with no `legal` at all is reported the same way.',
    example: v('game.gdl', replaced('(legal p go)', '(<= (legal p go) (true done))')),
    fix: 'Give the role a legal move there, e.g. `(legal p noop)` for waiting.',
  },
  {
    code: 'goals',
    severity: 'error',
    title: 'A role without exactly one goal value in 0..100 in a terminal state.',
    explanation: 'The GDL specification requires, in every terminal state, exactly one `(goal ROLE VALUE)` for each role, with a whole number from 0 to 100 (GGP-Base\'s state machine fails on such a state). The validator shows the shortest line of play it found to the state.',
    example: v('game.gdl', replaced('(goal p 100)', '(goal p 150)')),
    fix: 'Give each role one goal value from 0 to 100 in every terminal state.',
  },
  {
    code: 'evaluation',
    severity: 'error',
    title: 'The rules could not be evaluated.',
    explanation: 'Evaluating the game stopped: it derived more facts than `--max-facts` allows, or built a term that grows without bound. When the time budget runs out it is a warning (that says nothing about the game).',
    otherSeverity: { severity: 'warning', when: 'when the time budget (`--time-budget`) runs out' },
    example: v('game.gdl', GAME + '(n 1)\n(n 2)\n(n 3)\n(<= (pair ?a ?b) (n ?a) (n ?b))\n(<= (goal p 0) (pair ?a ?b) (true on))\n', ' --max-facts 5'),
    fix: 'Raise `--max-facts` if the game is meant to be this large; otherwise bound the rule that keeps growing (the message names it).',
  },
  {
    code: 'init',
    severity: 'error',
    title: 'The game has no initial state.',
    explanation: 'Kept in the check names of `validate --json`; the current validator reports a game without `init` through its other checks (bases never true, no legal move).',
    reachableFrom: 'internal',
    apiNote: 'No check raises it at present.',
    fix: 'State the initial state as `(init ...)` facts.',
  },
  {
    code: 'executor',
    severity: 'warning',
    title: 'The compiled state machine disagreed with the reference engine (a bug).',
    explanation: 'The validator plays games on a compiled state machine and confirms every error on the reference engine; when they disagree it reports the engine\'s findings and this warning.',
    reachableFrom: 'internal',
    fix: 'Nothing to change in the game: please report it, with the game file.',
  },
]);
