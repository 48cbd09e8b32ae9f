/**
 * The tree-grammar vocabulary as data (see ../vocabulary-schema.ts): what
 * compileGrammar reads once, what it injects per node, and the pre-selectors
 * and outputs it reads at every node. The load check (vocabulary-check.ts),
 * the engine's relation tables (vocabulary.ts) and the reference
 * (docs/reference/vocabulary.md) all read it.
 */
import { SHARED_ENTRIES } from '../shared-schema.js';
import type { ArgSchema, VocabularyEntry, VocabularySchema } from '../../vocabulary-schema.js';

const NODE: ArgSchema = { name: '?N', kind: 'node' };
const RULE: ArgSchema = { name: 'RULE', kind: 'rule', code: 'generate/unknown-rule' };

const STATIC = 'read once';
const INJECTED = 'injected at each node';
const PRE = 'pre-selectors (read at each node)';
const OUT = 'outputs';

const entries: VocabularyEntry[] = [
  {
    name: 'start',
    args: [{ name: 'SYMBOL', kind: 'nonterminal', code: 'generate/start-no-rule' }],
    use: 'derivable',
    group: STATIC,
    doc: 'The symbol the artifact grows from; exactly one.',
    example: '(start quest)',
  },
  {
    name: 'startarg',
    args: [
      { name: 'KEY', kind: 'term' },
      { name: 'VALUE', kind: 'term' },
    ],
    use: 'derivable',
    group: STATIC,
    doc: "An argument of the start node, read by rules as (arg ?n KEY VALUE); one value per key.",
    example: '(startarg width 20)',
  },
  {
    name: 'rule',
    args: [
      { name: 'NT', kind: 'nonterminal', declares: true },
      { name: 'RULE', kind: 'rule', declares: true },
      { name: 'WEIGHT', kind: 'number', code: 'generate/weight' },
    ],
    use: 'derivable',
    group: STATIC,
    doc: 'Nonterminal NT may expand by RULE, with base weight WEIGHT; rule names are unique.',
    example: '(rule quest fetch 3)',
  },
  {
    name: 'child',
    args: [
      RULE,
      { name: 'INDEX', kind: 'integer', code: 'generate/child-index' },
      { name: 'SYMBOL', kind: 'symbol', declares: true },
    ],
    use: 'derivable',
    group: STATIC,
    doc: 'RULE makes a child SYMBOL at position INDEX; a SYMBOL no rule expands is a terminal (declare it with (terminal SYMBOL) when its name is close to a nonterminal).',
    example: '(child fetch 0 item)',
  },
  {
    name: 'terminal',
    args: [{ name: 'SYMBOL', kind: 'symbol', declares: true }],
    use: 'fact',
    group: STATIC,
    doc: 'SYMBOL is meant to be a terminal: a child symbol close to a nonterminal is otherwise taken for a typo.',
    example: '(terminal stags)',
  },
  {
    name: 'maxdepth',
    args: [{ name: 'D', kind: 'integer', code: 'generate/maxdepth' }],
    use: 'derivable',
    group: STATIC,
    doc: 'Generation fails past this depth (default 64).',
    example: '(maxdepth 12)',
  },
  {
    name: 'maxnodes',
    args: [{ name: 'N', kind: 'integer', code: 'generate/maxnodes' }],
    use: 'derivable',
    group: STATIC,
    doc: 'Generation fails past this many nodes (default 100000).',
    example: '(maxnodes 500)',
  },
  {
    name: 'symbol',
    args: [NODE, { name: 'SYMBOL', kind: 'symbol' }],
    use: 'injected',
    group: INJECTED,
    doc: 'The symbol of node ?N.',
    example: '(<= (forbid ?n fetch) (symbol ?n quest) (depth ?n 0))',
  },
  {
    name: 'arg',
    args: [NODE, { name: 'KEY', kind: 'term' }, { name: 'VALUE', kind: 'term' }],
    use: 'injected',
    group: INJECTED,
    doc: 'An argument of node ?N (from startarg or the parent’s childarg).',
    example: '(<= (forbid ?n split) (arg ?n width ?w) (< ?w 8))',
  },
  {
    name: 'depth',
    args: [NODE, { name: 'D', kind: 'integer' }],
    use: 'injected',
    group: INJECTED,
    doc: 'The depth of node ?N (the start node is at 0).',
    example: '(<= (forbid ?n loop) (depth ?n ?d) (> ?d 5))',
  },
  {
    name: 'parent',
    args: [NODE, { name: '?P', kind: 'node' }],
    use: 'injected',
    group: INJECTED,
    doc: 'Node ?P is the parent of node ?N.',
    example: '(<= (forbid ?n boss) (parent ?n ?p) (chose ?p boss))',
  },
  {
    name: 'chose',
    args: [NODE, RULE],
    use: 'injected',
    group: INJECTED,
    doc: 'Node ?N (an ancestor, once expanded) was expanded by RULE.',
    example: '(<= (forbid ?n boss) (parent ?n ?p) (chose ?p boss))',
  },
  {
    name: 'applied',
    args: [RULE, { name: 'K', kind: 'integer' }],
    use: 'injected',
    group: INJECTED,
    doc: 'RULE has been applied K times so far in this artifact.',
    example: '(<= (forbid ?n boss) (applied boss 1))',
  },
  {
    name: 'node',
    args: [NODE],
    use: 'injected',
    group: 'artifact facts (violation rules)',
    doc: 'A node of the finished artifact.',
    example: '(<= (violation leaf ?n) (node ?n) (symbol ?n item))',
  },
  {
    name: 'root',
    args: [NODE],
    use: 'injected',
    group: 'artifact facts (violation rules)',
    doc: 'The start node of the finished artifact.',
    example: '(<= (violation two-roots) (root ?a) (root ?b) (distinct ?a ?b))',
  },
  {
    name: 'childindex',
    args: [NODE, { name: 'INDEX', kind: 'integer' }],
    use: 'injected',
    group: 'artifact facts (violation rules)',
    doc: 'Node ?N is its parent’s child at INDEX.',
    example: '(<= (violation first ?n) (childindex ?n 0) (symbol ?n trap))',
  },
  ...(['setprob', 'addprob', 'scaleprob'] as const).map(
    (name): VocabularyEntry => ({
      name,
      args: [NODE, RULE, { name: name === 'setprob' ? 'P' : name === 'addprob' ? 'D' : 'F', kind: 'number' }],
      use: 'derivable',
      group: PRE,
      doc:
        name === 'setprob'
          ? 'Replace the base weight of RULE at node ?N (first in the pipeline).'
          : name === 'addprob'
            ? 'Add D to the weight of RULE at node ?N.'
            : 'Multiply the weight of RULE at node ?N by F.',
      example: `(<= (${name} ?n fetch ${name === 'addprob' ? '2' : '0.5'}) (depth ?n 0))`,
    }),
  ),
  {
    name: 'transfer',
    args: [NODE, { ...RULE, name: 'FROM' }, { ...RULE, name: 'TO' }],
    use: 'derivable',
    group: PRE,
    doc: 'Move the whole weight of rule FROM to rule TO at node ?N.',
    example: '(<= (transfer ?n tArea bossArea) (arg ?n boss yes))',
  },
  {
    name: 'forbid',
    args: [NODE, RULE],
    use: 'derivable',
    group: PRE,
    doc: 'RULE gets weight 0 at node ?N.',
    example: '(<= (forbid ?n hDivide) (arg ?n width ?w) (< ?w 8))',
  },
  {
    name: 'forbidexcept',
    args: [NODE, RULE],
    use: 'derivable',
    group: PRE,
    doc: 'Every rule but RULE gets weight 0 at node ?N.',
    example: '(<= (forbidexcept ?n leaf) (depth ?n 6))',
  },
  {
    name: 'force',
    args: [NODE, RULE],
    use: 'derivable',
    group: PRE,
    doc: 'Node ?N is expanded by RULE, whatever the weights (last in the pipeline).',
    example: '(<= (force ?n bossArea) (arg ?n boss yes))',
  },
  {
    name: 'normalizeto',
    args: [NODE, { name: 'TOTAL', kind: 'number' }],
    use: 'derivable',
    group: PRE,
    doc: 'Scale the weights at node ?N to sum to TOTAL.',
    example: '(<= (normalizeto ?n 1) (symbol ?n quest))',
  },
  {
    name: 'attr',
    args: [NODE, { name: 'KEY', kind: 'term' }, { name: 'VALUE', kind: 'term' }],
    use: 'derivable',
    group: OUT,
    doc: 'An attribute of node ?N in the artifact.',
    example: '(<= (attr ?n size big) (symbol ?n room) (depth ?n 1))',
  },
  {
    name: 'childarg',
    args: [NODE, RULE, { name: 'INDEX', kind: 'integer' }, { name: 'KEY', kind: 'term' }, { name: 'VALUE', kind: 'term' }],
    use: 'derivable',
    group: OUT,
    doc: 'When ?N is expanded by RULE, its child at INDEX gets the argument KEY VALUE.',
    example: '(<= (childarg ?n split 0 width ?h) (arg ?n width ?w) (/ ?w 2 ?h))',
  },
  ...SHARED_ENTRIES,
];

export const GRAMMAR_SCHEMA: VocabularySchema = {
  kind: 'grammar',
  title: 'Tree grammars (.gdl with start and rule)',
  intro:
    'A tree grammar grows an artifact from `(start SYMBOL)`: each node of a nonterminal is expanded by one of its rules, drawn by weight after the pre-selectors have had their say.',
  entries,
};
