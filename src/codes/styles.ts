/** Codes of the Style contract's work (issue 19, items 6-9): the tree-grammar analysis of `gramlog analyze`. */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'grammar/rule-never-fires',
    severity: 'warning',
    title: 'a rule of a tree grammar can never be chosen',
    explanation:
      'gramlog analyze found a rule that no seed and no params can choose: a pre-selector forbids it at every node of its nonterminal ' +
      '(a forbid whose body reads only (symbol ?n NT) and (depth ?n ?d)), or a forbidexcept or force picks another rule at every such node, ' +
      'or its weight is 0 and no setprob, addprob, transfer or force can raise it; and no force names it. Its subtree never appears.',
    example: {
      file: 'never.gdl',
      text: '(start s)\n(rule s a 1) (rule s b 1)\n(<= (forbid ?n b) (symbol ?n s))\n',
      command: 'gramlog analyze never.gdl',
    },
    fix: 'Delete the rule, or give the pre-selector a condition on the node (an (arg ?n ...), a depth bound) so the rule can be chosen somewhere.',
  },
  {
    code: 'grammar/no-termination',
    severity: 'error',
    title: 'the start symbol cannot finish within maxdepth',
    explanation:
      'gramlog analyze computed the smallest tree each nonterminal can grow, over the rules that can fire: a rule without children is 0 levels, ' +
      'a rule with children one more than its deepest child. When the start symbol needs more levels than (maxdepth D) (default 64), ' +
      'or can never finish because every rule leads back to a nonterminal, every seed fails with generate/maxdepth.',
    example: {
      file: 'loop.gdl',
      text: '(start s)\n(rule s again 1) (child again 0 s)\n',
      command: 'gramlog analyze loop.gdl',
    },
    fix: 'Add a rule without children (a leaf) to the recursion, force it past some depth, or raise (maxdepth D).',
  },
  {
    code: 'grammar/other-nonterminal',
    severity: 'warning',
    title: 'a pre-selector names a rule of another nonterminal than the nodes it applies to',
    explanation:
      'A pre-selector whose body restricts it to nodes of one nonterminal, (symbol ?n NT), names a rule of another nonterminal. ' +
      'At a node, pre-selector facts naming rules of other nonterminals are ignored, so this statement never changes a weight.',
    example: {
      file: 'other.gdl',
      text: '(start s)\n(rule s a 1) (rule s b 1) (child a 0 t)\n(rule t c 1)\n(<= (forbid ?n c) (symbol ?n s))\n',
      command: 'gramlog analyze other.gdl',
    },
    fix: 'Name a rule of the nonterminal in (symbol ?n NT), or change NT to the nonterminal of the rule.',
  },
]);
