/**
 * Codes of the GDL-II / GDL-III checks of `gramlog validate` (docs/gdl-ii.md).
 * Validator findings are named by their check (`error[epistemic]`), so the
 * code is the check name as the CLI prints it and `--json` gives it in `check`.
 */
import { declareCodes } from './registry.js';

const GUESS_HEAD = `(role random) (role guesser)
(number 1) (number 2)
(init (step 0))
(<= (legal random (choose ?n)) (true (step 0)) (number ?n))
(<= (legal random noop) (true (step 1)))
(<= (legal guesser noop) (true (step 0)))
`;
const GUESS_TAIL = `(<= (next (secret ?n)) (does random (choose ?n)))
(<= (next (step 1)) (true (step 0)))
(<= (next (step 2)) (true (step 1)))
(<= (next (win ?n)) (does guesser (guess ?n)) (true (secret ?n)))
(<= terminal (true (step 2)))
(<= (goal guesser 100) (true (win ?n)))
(<= (goal guesser 0) (not (true (win 1))) (not (true (win 2))))
`;

export const CODES = declareCodes([
  {
    code: 'epistemic',
    severity: 'error',
    title: 'a role cannot tell its legal moves from what it has seen (GDL-II)',
    explanation:
      'Two histories that a role cannot tell apart (its own moves and its percepts were the same at every step) give it different legal moves, so no real player can know what it may play. Found by an information-set search over the reachable states; the finding prints both histories (joint moves, the percepts the role received, the legal moves that differ). As a warning, it says the search stopped at its budget (--max-states) before deciding.',
    example: {
      file: 'hidden-legal.kif',
      text: `${GUESS_HEAD}(<= (legal guesser (guess ?n)) (true (step 1)) (true (secret ?n)))
${GUESS_TAIL}`,
      command: 'gramlog validate hidden-legal.kif',
    },
    fix: 'Make legal depend only on what the role knows: its own moves and what it sees (add a sees rule for what it needs, or let it play any move and judge the move in next/goal).',
  },
  {
    code: 'sees',
    severity: 'error',
    title: 'a percept for something that is no role, or a percept that tells nothing (GDL-II)',
    explanation:
      'The first argument of (sees ROLE PERCEPT) must be a role: a constant that is not one is an error at the argument, and a rule the relaxed game lets derive a non-role is an error (or a warning when only the over-approximation derives it). A sees rule that depends on nothing any role does or holds (no true, no does) is a warning: the role receives the percept after every step whatever happens.',
    example: {
      file: 'sees-non-role.kif',
      text: `${GUESS_HEAD}(<= (legal guesser (guess ?n)) (true (step 1)) (number ?n))
(<= (sees spectator (guessed ?n)) (does guesser (guess ?n)))
${GUESS_TAIL}`,
      command: 'gramlog validate sees-non-role.kif',
    },
    fix: 'Name a role declared with (role ...) (see the did-you-mean hint), and make percepts depend on the state or the moves.',
  },
  {
    code: 'role-argument',
    severity: 'error',
    title: 'the first argument of legal, does, goal or input is no role',
    explanation:
      'GDL requires the first argument of legal, does, goal and input to be a role. A constant that is not a role is an error at the argument; a variable is checked over the relaxed game (negation dropped): a non-role derived in the exact static model is an error (always so for input, which cannot depend on the state: at the input rule), one the over-approximation alone derives is a warning. GGP-Base lists this check as unimplemented; no corpus game it accepts declares an input for a non-role.',
    example: {
      file: 'legal-non-role.kif',
      text: '(role robot)\n(init on)\n(legal robto wait)\n(<= terminal (true on))\n(goal robot 100)\n',
      command: 'gramlog validate legal-non-role.kif',
    },
    fix: 'Use a declared role (see the did-you-mean hint), or bind the variable with (role ?r).',
  },
  {
    code: 'random',
    severity: 'warning',
    title: "goals for GDL-II's chance player, or an end of game that reads it",
    explanation:
      "In GDL-II the role random is nature: it moves uniformly at random and has no goals. Goal rules for it are ignored (warned); with the griddle/GGP-Base convention (gdl random) its goal must be the fact (goal random 100). terminal or another role's goal reading random's goals or legal moves is warned.",
    example: {
      file: 'random-goal.kif',
      text: '(role random) (role p)\n(init s)\n(legal random noop) (legal p noop)\n(<= terminal (true s))\n(goal p 100) (goal random 50)\n',
      command: 'gramlog validate random-goal.kif',
    },
    fix: 'Drop the goals of random (or declare (gdl random) and state (goal random 100)).',
  },
  {
    code: 'gdl',
    severity: 'warning',
    title: 'a (gdl ...) declaration of a variant gramlog does not know',
    explanation:
      'Like griddle (gdl-validation), gramlog reads (gdl ...) facts that name the variant a game is written in and knows (gdl random) only; any other argument is reported, because the game may follow rules the validator does not check.',
    example: {
      file: 'variant.kif',
      text: '(gdl iii)\n(role p)\n(init s)\n(legal p noop)\n(<= terminal (true s))\n(goal p 100)\n',
      command: 'gramlog validate variant.kif',
    },
    fix: 'Remove the declaration, or write (gdl random) if that is what is meant.',
  },
  {
    code: 'knows',
    severity: 'error',
    title: "GDL-III's knows is not supported",
    explanation:
      "(knows ROLE PROPOSITION) is GDL-III's epistemic keyword: its truth depends on what a role can infer from its percepts, which gramlog does not compute. Read as an ordinary relation it would be false unless the rules derive it, which changes the game, so the game is not played.",
    example: {
      file: 'knows.kif',
      text: '(role p)\n(init s)\n(legal p noop)\n(<= terminal (knows p s))\n(goal p 100)\n',
      command: 'gramlog validate knows.kif',
    },
    fix: 'Write the game in GDL-II (use sees for what a role learns), or play it with a GDL-III system.',
  },
]);
