/** Codes of `gramlog query` and the query API (src/cli/commands/query.ts, src/engine/model.ts). */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'query/unknown-relation',
    severity: 'error',
    title: 'A --goal names a relation the program never mentions.',
    explanation: 'The goal asks for a relation name (or number of arguments) that no fact or rule of the program uses, so its answer is empty: almost always a typo. The other goals are still answered.',
    example: { file: 'family.kif', text: '(parent alice bob)\n', command: "gramlog query family.kif --goal '(parnet ?x ?y)'" },
    fix: 'Correct the relation name or its number of arguments (the message suggests a close name).',
  },
  {
    code: 'query/goal',
    severity: 'error',
    title: 'A query goal that is not an atom.',
    explanation: "A goal must be an atom such as `(ancestor ?x ?y)`, not a `not`, `or` or `distinct`. Raised by the library's query functions; `gramlog query` reports such a `--goal` as a usage error.",
    reachableFrom: 'api',
    apiNote: "`model.query('(not (p ?x))')`.",
    fix: 'Query an atom, and filter the answers yourself, or define a relation for the condition and query it.',
  },
]);
