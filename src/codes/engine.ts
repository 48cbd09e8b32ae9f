/** Codes of the Datalog engine's limits (src/engine/evaluate.ts): evaluations that would not end. */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'engine/limit',
    severity: 'error',
    title: 'An evaluation derived more facts than allowed.',
    explanation: 'One evaluation derives more facts than `--max-facts` allows (default 5,000,000), usually a rule that keeps producing new facts. The message names the rule.',
    example: { file: 'rules.kif', text: '(n 1)\n(n 2)\n(n 3)\n(<= (pair ?a ?b) (n ?a) (n ?b))\n', command: 'gramlog query rules.kif --max-facts 5' },
    fix: 'Raise `--max-facts` if the program is finite and meant to be this large; otherwise bound the rule the message names.',
  },
  {
    code: 'engine/term-depth',
    severity: 'error',
    title: 'A term that grows without bound.',
    explanation: 'A rule builds ever deeper terms, such as `(s (s (s ...)))`, so evaluation would never end; it stops when a term nests more than 1000 levels deep. The message names the rule.',
    example: {
      file: 'game.gdl',
      text: '(role p)\n(init (c 0))\n(legal p go)\n(<= (next (c (s ?x))) (true (c ?x)))\n(<= terminal (true over))\n(goal p 100)\n',
      command: 'gramlog simulate game.gdl --playouts 1 --max-depth 2000 --executor engine',
    },
    fix: 'Bound the recursion: count with a finite relation (`(succ 0 1) (succ 1 2) ...`) instead of nesting terms.',
  },
  {
    code: 'engine/budget',
    severity: 'error',
    title: 'An evaluation ran out of its work or time budget.',
    explanation: 'An evaluation given `maxWork` or a `deadline` stopped before it finished. The commands turn it into a warning where it says nothing about the input (`gramlog validate` reports it as `evaluation`).',
    reachableFrom: 'api',
    apiNote: '`evaluate(program, { maxWork })` or `{ deadline }` too small for the program.',
    fix: 'Give a larger `maxWork` or a later `deadline` if the program is meant to be this large.',
  },
]);
