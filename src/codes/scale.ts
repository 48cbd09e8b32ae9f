/**
 * Codes of the depth, size and memory limits (issue 20, class 4 and 5):
 * nesting limits of the parsers that had none, string sizes, and the
 * blueprint-inheritance depth.
 */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'graph/json-too-deep',
    severity: 'error',
    title: 'JSON arrays and objects nest deeper than 1000 levels',
    explanation:
      'A graph grammar or start graph in JSON needs a few levels of nesting; gramlog stops reading at the first bracket or brace that opens level 1001, so that no later pass runs out of stack.',
    reachableFrom: 'large-input',
    apiNote: 'A JSON grammar or start graph whose arrays and objects nest more than 1,000 deep, e.g. `{"stages": [[[[ ... ]]]]}` (test/fuzz/limits.test.ts builds one).',
    fix: 'Flatten the data: rules are objects in a stage\'s "rules" array; a right-hand side is a label, an array of labels or {node, edge}.',
  },
  {
    code: 'lsp/memory',
    severity: 'error',
    title: 'checking a document in the language server took more memory than its budget',
    explanation:
      'The language server checks each document in a worker thread whose heap is bounded (`maxMemoryMb`, by default 1024 MB). ' +
      'A document whose check grows past it stops that check, is reported with this error at its first character, and the server goes on checking the other documents.',
    reachableFrom: 'large-input',
    apiNote: 'Only the language server (`gramlog lsp`) reports it: a document whose check needs more heap than the initializationOptions `maxMemoryMb` (test/lsp/budget.test.ts gives 16 MB).',
    fix: 'Check the file with the command line, which reports how far it got (`gramlog validate` / `generate` / `query`), and make it smaller; or give the server more memory with the initializationOptions `maxMemoryMb`.',
  },
  {
    code: 'blueprint/too-deep',
    severity: 'error',
    title: 'a blueprint expression nests deeper than 500 brackets',
    explanation:
      'An expression in a .bp file (a @property, @domain or @function body) may nest `(` and `[` up to 500 deep; the error points at the bracket that opens level 501.',
    reachableFrom: 'large-input',
    apiNote: 'A `.bp` property whose expression nests more than 500 brackets deep, e.g. `(+ 1 (+ 1 (+ 1 ...)))` (test/fuzz/limits.test.ts builds one).',
    fix: 'Split the expression: give a part its own @function or @property and refer to it.',
  },
  {
    code: 'blueprint/inheritance-too-deep',
    severity: 'error',
    title: 'a blueprint has more than 500 ancestors',
    explanation:
      'A chain of parents (`@blueprint B : A`, A\'s parent, ...) may be at most 500 long: every ancestor is a fact of the library (ancestor B A), so a chain of N costs N²/2 facts. The error points at the `: PARENT` of the first blueprint past the limit.',
    reachableFrom: 'large-input',
    apiNote: 'A chain of more than 500 blueprints, each inheriting from the one before: `@blueprint B1 : B0` ... `@blueprint B501 : B500` (test/fuzz/limits.test.ts builds one).',
    fix: 'Share what the blueprints have in common with fewer levels: a parent may have many children, and @mod adds properties without a new level.',
  },
  {
    code: 'blueprint/string-too-long',
    severity: 'error',
    title: 'a (strcat ...) makes a string longer than 1,048,576 characters',
    explanation:
      'Mastering stops at the (strcat ...) whose result would be longer than 2^20 characters (a function that doubles a string, called 20 times, gets there), instead of running Node out of string space.',
    example: {
      file: 'long.bp',
      text: '@blueprint A\n  @function dbl ($x) = (strcat $x $x)\n  @property s = (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl (dbl "ab")))))))))))))))))))))\n@end\n',
      command: 'gramlog master long.bp A',
    },
    fix: 'Build shorter strings: a name or a description needs a few hundred characters at most.',
  },
]);
