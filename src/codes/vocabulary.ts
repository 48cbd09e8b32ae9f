/**
 * The codes of the vocabulary checks (issue 19): the schema-driven load check
 * of every generator style (src/generate/vocabulary-check.ts), likely typos of
 * names, blueprints feeding generators and @abstract blueprints.
 */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'vocabulary/arity',
    severity: 'error',
    title: 'A reserved relation is used with the wrong number of arguments',
    explanation:
      'Every reserved relation of a generator file (its vocabulary, listed in docs/reference/vocabulary.md) has a fixed form. Written with another number of arguments it would be a different relation that gramlog never reads, so the statement would be silently ignored. The error is at the statement (or the literal in a rule body) and gives the form expected.',
    example: { file: 'quest.gdl', text: '(start quest)\n(rule quest fetch 1)\n(rule quest puzzle)\n', command: 'gramlog generate quest.gdl' },
    fix: 'Write the relation in the form the message gives, e.g. (rule NT RULE WEIGHT).',
  },
  {
    code: 'vocabulary/arg-kind',
    severity: 'error',
    title: 'An argument of a reserved relation is of the wrong kind',
    explanation:
      'An argument written as a constant does not fit its position: a name where a number is needed, a probability outside 0..1, a constant where a node variable is needed (arguments swapped, as in (force leaf ?n)), a word outside the allowed choices. Some positions report a more specific existing code (generate/weight, layers/chance, graph/bad-number, ...).',
    example: { file: 'quest.gdl', text: '(start quest)\n(rule quest fetch 1) (rule quest leaf 1)\n(<= (force leaf ?n) (depth ?n 2))\n', command: 'gramlog generate quest.gdl' },
    fix: 'Put each argument in its place, as the form in the message shows: (force ?n leaf).',
  },
  {
    code: 'vocabulary/fact-only',
    severity: 'error',
    title: 'A relation read only from facts is defined by a rule',
    explanation: 'Some reserved relations (param, terminal, the .gdl graph declarations) are read from the file’s facts, not from its model: a rule defining one would be ignored.',
    example: { file: 'rooms.gdl', text: '(graphrule dig 1)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (keep ?r))\n(<= (graphlimit 3) (node ?r room))\n', command: 'gramlog generate rooms.gdl' },
    fix: 'Write it as a fact, e.g. (graphlimit 3).',
  },
  {
    code: 'vocabulary/injected',
    severity: 'error',
    title: 'A relation gramlog provides is defined by the file',
    explanation: 'Relations such as (symbol ?n NT), (depth ?n D) of a grammar, or (node ID LABEL) and (edge A B LABEL) of a graph, are provided by gramlog while it generates; a file may read them but not define them.',
    example: { file: 'rooms.gdl', text: '(graphrule dig 1)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (keep ?r))\n(edge a b door)\n', command: 'gramlog generate rooms.gdl' },
    fix: 'Remove the definition, or use a relation name of your own.',
  },
  {
    code: 'vocabulary/unknown-name',
    severity: 'error',
    title: 'A reserved relation names something the file never declares',
    explanation: 'A constant in a position that refers to another declaration (a symbol of the grammar in (symbol ?n NT), ...) names nothing the file declares, so the literal never matches. Positions with an existing code (generate/unknown-rule, layers/unknown-layer, graph/unknown-rule) report that one.',
    example: { file: 'quest.gdl', text: '(start quest)\n(rule quest fetch 1)\n(<= (forbid ?n fetch) (symbol ?n qest))\n', command: 'gramlog generate quest.gdl' },
    fix: 'Fix the name (the message suggests the closest declared one), or declare it.',
  },
  {
    code: 'generate/terminal-typo',
    severity: 'error',
    title: 'A child symbol no rule expands is close to a nonterminal',
    explanation:
      'In a tree grammar a child symbol that no (rule SYMBOL RULE WEIGHT) expands is a terminal: the branch ends there. When its name is within a small edit distance of a nonterminal (stags for stage) it is almost always a typo, and the artifact would silently be cut short. Names of fewer than 4 characters, and the singular of a list nonterminal (monster for monsters), are left alone.',
    example: { file: 'quest.gdl', text: '(start quest)\n(rule quest more 1) (child more 0 stags)\n(rule stage s1 1)\n', command: 'gramlog generate quest.gdl' },
    fix: 'Fix the name, or declare the terminal on purpose with (terminal stags).',
  },
  {
    code: 'blueprint/unknown-param',
    severity: 'error',
    title: 'A blueprint property given to a generator matches none of its params',
    explanation: 'With generate --blueprint FILE.bp:NAME the master’s scalar properties become the generator’s (param KEY VALUE) facts. A property whose key the generator file never declares would be ignored (maxstage for maxstages): it is an error at the property in the .bp file.',
    example: {
      file: 'quest.bp',
      text: '@blueprint TypoQuest\n  @property maxstage = 2\n@end\n',
      others: { 'quest.gdl': '(start quest)\n(param maxstages 3)\n(rule quest short 1)\n' },
      command: 'gramlog generate quest.gdl --blueprint quest.bp:TypoQuest',
    },
    fix: 'Rename the property to a param of the generator (the message suggests the closest), or master a blueprint made for it.',
  },
  {
    code: 'blueprint/abstract',
    severity: 'error',
    title: 'An @abstract blueprint is mastered',
    explanation: 'A blueprint marked @abstract is a base for others: no domain set holds it, and mastering it (by name, or by naming it in a property) is an error at that place.',
    example: { file: 'weapons.bp', text: '@blueprint Weapon\n  @abstract\n  @property damage = 1\n@end\n@blueprint Spear : Weapon\n@end\n', command: 'gramlog master weapons.bp Weapon' },
    fix: 'Master one of the blueprints that inherit from it, or drop @abstract.',
  },
  {
    code: 'blueprint/base-in-set',
    severity: 'warning',
    title: 'A domain set holds the base its other members inherit from',
    explanation: 'A base blueprint that declares a domain for its children to inherit is in the domain set itself, so the abstract base (with its placeholder values) can be picked next to its children.',
    example: {
      file: 'weapons.bp',
      text: '@blueprint Weapon\n  @domain type = weapon\n  @property damage = 1\n@end\n@blueprint Spear : Weapon\n@end\n@blueprint Club : Weapon\n@end\n@blueprint Loot\n  @property drop = (pickOne [type: weapon])\n@end\n',
      command: 'gramlog analyze weapons.bp',
    },
    fix: 'Mark the base @abstract.',
  },
]);
