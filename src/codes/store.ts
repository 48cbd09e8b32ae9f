/** Codes of the fact store (src/store/store.ts, datascript): the library's `Store`. */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'store/fact',
    severity: 'error',
    title: 'A malformed fact row, or one fact given twice with different contents.',
    explanation: 'Facts loaded into the store must be rows `{ rel, args, text }`; the same fact text must not come with two different contents.',
    reachableFrom: 'api',
    apiNote: '`Store.fromFacts(rows)` with a malformed row.',
    fix: 'Pass facts as the engine gives them (`model.facts()`).',
  },
  {
    code: 'store/query',
    severity: 'error',
    title: 'A datascript query or pull failed.',
    explanation: "The EDN query (or pull pattern) is malformed or datascript rejected it; the message is datascript's, with a hint when keyword attributes were used (write \"rel\", not :rel). `gramlog query --edn` reports it as a usage error.",
    reachableFrom: 'api',
    apiNote: "`store.query('[:find ?x :where [?x')`.",
    fix: 'Correct the query: attributes are strings ("rel", "arg0", "text").',
  },
  {
    code: 'store/recursive-rules',
    severity: 'error',
    title: 'A datascript query with rules.',
    explanation: "The store refuses datascript rules (`%`): their evaluation is slow and hangs on left recursion.",
    reachableFrom: 'api',
    apiNote: '`store.query(edn, rules)` with a rule set.',
    fix: "Write the rules in the program, evaluate them with the engine, and query the derived facts.",
  },
  {
    code: 'store/transact',
    severity: 'error',
    title: 'Loading facts into the store failed.',
    explanation: 'datascript refused the facts being loaded or added; the message is its own.',
    reachableFrom: 'api',
    apiNote: '`Store.fromFacts` or `store.with(...)` with values datascript cannot store.',
    fix: 'Pass facts as the engine gives them.',
  },
]);
