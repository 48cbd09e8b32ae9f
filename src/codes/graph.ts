/**
 * Codes of graph grammars: graphgram JSON grammars (src/generate/graph/
 * compile-json.ts, labels.ts; the JSON syntax codes come from the located
 * JSON reader, src/syntax/json.ts, written for them) and .gdl graph
 * grammars declaring (graphrule NAME WEIGHT) (src/generate/graph/logic.ts),
 * run by `gramlog generate`.
 */
import { declareCodes } from './registry.js';

const json = (text: string, options = '') => ({ file: 'dungeon.json', text: text + '\n', command: `gramlog generate dungeon.json${options}` });
const gdl = (text: string) => ({ file: 'rooms.gdl', text, command: 'gramlog generate rooms.gdl' });
/** A .gdl graph grammar: dig a hall off a room, three times. */
const DIG = `(graphstart room)
(graphlimit 3)
(graphrule dig 1)
(<= (dig ?r) (node ?r room))
`;

export const CODES = declareCodes([
  {
    code: 'graph/json-syntax',
    severity: 'error',
    title: 'The grammar file is not valid JSON.',
    explanation: 'A JSON graph grammar must be one JSON value; the message points at the first token that breaks it (a missing comma, an unclosed bracket, a word that is not true, false or null).',
    example: json('{ "start": "S", "rules": [ }'),
    fix: 'Correct the JSON where the caret points.',
  },
  {
    code: 'graph/duplicate-key',
    severity: 'error',
    title: 'A key given twice in one JSON object.',
    explanation: 'JSON readers keep only one of two equal keys (usually the last), silently dropping the other; gramlog refuses it.',
    example: json('{ "start": "S", "start": "T", "rules": [{ "lhs": "S", "rhs": "a" }] }'),
    fix: 'Keep one of the two keys.',
  },
  {
    code: 'graph/bad-grammar',
    severity: 'error',
    title: 'The JSON is not shaped as a graph grammar.',
    explanation: 'A graph grammar is an object with "rules" (or "stages", each with "rules"); each rule has "lhs" and "rhs", written as a label, a chain of labels, or {node, edge}. The message names the path of the part that is wrong.',
    example: json('{ "start": "S" }'),
    fix: 'Give the part the shape the message describes (see the graph grammar section of the docs).',
  },
  {
    code: 'graph/unknown-key',
    severity: 'error',
    title: 'A key the grammar format does not have.',
    explanation: 'An object of the grammar has a key that gramlog does not know, usually a typo; it would be ignored silently otherwise.',
    example: json('{ "start": "S", "rules": [{ "lhs": "S", "rhs": "a", "wieght": 2 }] }'),
    fix: 'Correct the key (the message suggests one and lists the keys allowed).',
  },
  {
    code: 'graph/bad-number',
    severity: 'error',
    title: 'A weight, limit or delay that is not a number >= 0.',
    explanation: 'Weights, limits and delays of rules and stages are numbers of at least 0, in JSON grammars and in `(graphrule NAME WEIGHT)`, `(graphlimit ...)`, `(graphdelay ...)`.',
    example: json('{ "start": "S", "rules": [{ "lhs": "S", "rhs": "a", "limit": "two" }] }'),
    fix: 'Give a number: `"limit": 2`.',
  },
  {
    code: 'graph/javascript',
    severity: 'error',
    title: 'JavaScript or a language model call in a grammar.',
    explanation: 'graphgram grammars may hold JavaScript (`condition`, `$test`, weight expressions) or `$llm` calls; gramlog never runs code from a grammar and generates from data and a seed only.',
    example: json('{ "start": "S", "rules": [{ "lhs": "S", "rhs": "a", "condition": "x > 1" }] }'),
    fix: 'Express the test in the LHS with label queries ($equals, $contains, $find, $not, $and, $or), or write the rule in a .gdl graph grammar.',
  },
  {
    code: 'graph/duplicate-id',
    severity: 'error',
    title: 'A node or edge id used twice in one rule.',
    explanation: 'The ids of a rule\'s nodes and edges name them in the rest of the rule, so each may be used once (and a graph has at most one edge per ordered pair of nodes).',
    example: json('{ "start": "S", "rules": [{ "lhs": { "node": [{ "id": "x", "label": "S" }, { "id": "x", "label": "S" }] }, "rhs": "a" }] }'),
    fix: 'Give each node and edge of the rule its own id.',
  },
  {
    code: 'graph/unknown-node',
    severity: 'error',
    title: 'A node id the rule does not define.',
    explanation: 'An edge end, an `update`/`head`/`tail` reference or a rewrite item names a node id that is not a node of the rule (in a .gdl grammar: a variable neither matched by the rule\'s head nor created by `(node ?v LABEL)`).',
    example: gdl(DIG + '(rewrite dig (keep ?x))\n'),
    fix: 'Use an id the rule defines (the message suggests one).',
  },
  {
    code: 'graph/unknown-id',
    severity: 'error',
    title: 'A label reference to an id the left-hand side lacks.',
    explanation: 'A label expression such as `${q.label}` refers to a node or edge id that is not in the rule\'s left-hand side.',
    example: json('{ "start": "S", "rules": [{ "lhs": { "node": [{ "id": "x", "label": "S" }] }, "rhs": { "node": [{ "id": "x", "label": "${q.label}" }] } }] }'),
    fix: 'Refer to an id of the left-hand side (the message lists them).',
  },
  {
    code: 'graph/bad-label-query',
    severity: 'error',
    title: 'A malformed label query in a left-hand side.',
    explanation: 'A label query is a string (a regular expression), a number, a boolean, an array, or an object with one operator ($equals, $contains, $find, $not, $and, $or); this one is not.',
    example: json('{ "start": "S", "rules": [{ "lhs": { "node": [{ "id": "x", "label": { "$equal": "S" } }] }, "rhs": "a" }] }'),
    fix: 'Correct the query (the message suggests the operator meant).',
  },
  {
    code: 'graph/bad-label-expr',
    severity: 'error',
    title: 'A malformed label expression in a right-hand side.',
    explanation: 'A label expression refers to a left-hand-side id as `${id.label}`, `${id.match[N]}` or `${id.id}`, or is an object with one label operator; this one is not.',
    example: json('{ "start": "S", "rules": [{ "lhs": { "node": [{ "id": "x", "label": "S" }] }, "rhs": { "node": [{ "id": "x", "label": "${x.lable}" }] } }] }'),
    fix: 'Write `${x.label}`, `${x.match[1]}` or `${x.id}`.',
  },
  {
    code: 'graph/rule-never-applies',
    severity: 'error',
    title: 'A rule that can never match.',
    explanation: 'The rule needs a node label that neither the start label nor any rule up to its stage can make, so it never applies: usually a typo in a label.',
    example: json('{ "start": "S", "rules": [{ "lhs": "S", "rhs": "a" }, { "lhs": "b", "rhs": "c" }] }'),
    fix: 'Correct the label (the message suggests one), or add a rule that makes it.',
  },
  {
    code: 'graph/unread-label',
    severity: 'warning',
    title: 'A label a rewrite makes that no rule reads, one edit from one that is read.',
    explanation:
      'In a .gdl graph grammar a rewrite makes a node or edge label that no rule body reads, while the rules read a label one small edit away (`nxt` beside `next`): no rule will ever match what the rewrite makes as it was meant, and generation goes on without a word. A graphgram JSON grammar gets the same check: a label its RHS makes that no LHS (nor a rule file given with it) matches, one edit from one that is matched. Labels made and never read otherwise are the artifact\'s own and are not reported, nor are labels of a kind some rule reads with a variable (or, in JSON, a LHS of that kind with no label or a pattern).',
    example: gdl('(graphstart room)\n(graphrule dig 1)\n(graphlimit 3)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (keep ?r) (node ?c room) (edge ?r ?c nxt))\n(<= (violation far ?a) (edge ?a ?b next) (edge ?b ?c next))\n'),
    fix: 'Correct the label to the one the rules read (the message names it).',
  },
  {
    code: 'graph/stage-never-applies',
    severity: 'error',
    title: 'A stage none of whose rules can ever match.',
    explanation: 'No rule of the stage can match (each needs a label nothing makes before it), or the stage has no rules or only rules of weight 0.',
    example: json('{ "start": "S", "stages": [{ "rules": [{ "lhs": "S", "rhs": "a" }] }, { "rules": [{ "lhs": "b", "rhs": "c" }] }] }'),
    fix: 'Correct the labels of the stage\'s rules, or remove the stage.',
  },
  {
    code: 'graph/no-start',
    severity: 'error',
    title: 'The grammar has no start label.',
    explanation: 'Generation starts from a graph of one node labelled "start", or from a start graph given with `--graph FILE`.',
    example: json('{ "rules": [{ "lhs": "S", "rhs": "a" }] }'),
    fix: 'Add `"start": "S"` to the grammar, or give `--graph FILE`.',
  },
  {
    code: 'graph/step-limit',
    severity: 'error',
    title: 'Rewriting did not stop.',
    explanation: 'After the step limit (50,000 rewrites) rules still matched: some rule can apply forever.',
    example: json('{ "start": "S", "rules": [{ "lhs": "S", "rhs": ["S", "S"] }] }'),
    fix: 'Give the rules or the stage a "limit" (in a .gdl grammar, `(graphlimit N)` or `(graphlimit NAME N)`).',
  },
  {
    code: 'graph/bad-graph',
    severity: 'error',
    title: 'A start graph that is not graphlib JSON.',
    explanation: 'The start graph given with `--graph FILE` must be graphlib JSON: `{"nodes": [{"v": ID, "value": LABEL}], "edges": [{"v": ID, "w": ID, "value": LABEL}]}`.',
    example: { file: 'start.json', text: '{ "nodes": 3 }\n', command: 'gramlog generate dungeon.json --graph start.json', others: { 'dungeon.json': '{ "start": "S", "rules": [{ "lhs": "S", "rhs": "a" }] }\n' } },
    fix: 'Write the graph in graphlib JSON.',
  },
  {
    code: 'graph/two-rule-sources',
    severity: 'error',
    title: 'Violation rules given in a second file for a .gdl graph grammar.',
    explanation: 'Rule files after a JSON grammar add violation rules; a .gdl graph grammar holds its own, so a second rule file is refused.',
    example: { file: 'rooms.gdl', text: DIG + '(rewrite dig (keep ?r) (node ?c hall) (edge ?r ?c door))\n', command: 'gramlog generate rooms.gdl checks.gdl', others: { 'checks.gdl': '(<= (violation lonely ?r) (node ?r room))\n' } },
    fix: 'Write the violation rules in the .gdl grammar itself.',
  },
  {
    code: 'graph/no-rules',
    severity: 'error',
    title: 'A .gdl graph grammar that declares no rule.',
    explanation: 'The rules of a .gdl graph grammar are declared as facts `(graphrule NAME WEIGHT)`; a file with none has nothing to rewrite. (A graphrule derived by a rule is reported as vocabulary/fact-only.)',
    example: gdl('(graphstart room)\n(<= (dig ?r) (node ?r room))\n'),
    fix: 'Declare each rule as a fact: `(graphrule dig 1)`.',
  },
  {
    code: 'graph/unknown-rule',
    severity: 'error',
    title: 'A graph rule without a query, or a name no graphrule declares.',
    explanation: 'Each `(graphrule NAME WEIGHT)` needs a query rule `(<= (NAME ?a ...) body...)` whose answers are its match sites; `rewrite`, `graphlimit`, `graphdelay` and `graphstage` must name a declared graphrule.',
    example: gdl(DIG + '(rewrite dig (keep ?r) (node ?c hall) (edge ?r ?c door))\n(rewrite dgi (keep ?r))\n'),
    fix: 'Correct the name (the message suggests one), or write the missing query.',
  },
  {
    code: 'graph/bad-rule',
    severity: 'error',
    title: "A graph rule's head that does not list distinct variables.",
    explanation:
      'The head of a graph rule\'s query lists the matched nodes as variables: `(<= (dig ?r) ...)`. Each head position is a different node of the match, so a head that names one variable twice, `(<= (twice ?x ?x) ...)`, would never match and is refused.',
    example: gdl('(graphstart room)\n(graphrule dig 1)\n(<= (dig room) (node room room))\n(rewrite dig (keep room))\n'),
    fix: 'Use variables in the head, each once, and test labels in the body: `(<= (dig ?r) (node ?r room))`.',
  },
  {
    code: 'graph/bad-rewrite',
    severity: 'error',
    title: 'A malformed rewrite.',
    explanation: 'A rewrite lists items `(node ?v LABEL)`, `(keep ?v)`, `(edge ?a ?b LABEL)`, `(head ?new ?old)` or `(tail ?new ?old)`, with variables for nodes and written-out labels.',
    example: gdl(DIG + '(rewrite dig (keep ?r) (room ?c))\n'),
    fix: 'Write one of the rewrite items: `(node ?c room)`.',
  },
  {
    code: 'graph/choose',
    severity: 'error',
    title: 'A forced draw of a graph grammar that is malformed, has no such choice, or names no draw.',
    explanation:
      "`gramlog generate GRAMMAR --choose stageI#N=INDEX` forces the N-th draw (from 0) of stage I's stream to take choice INDEX: a rewrite draws its rule (the position among the stage's rules with a site) and then its site (the position among the rule's sites). `--satisfy` prints such choices for a steered graph.",
    reachableFrom: 'api',
    apiNote: '`generateArtifact(grammar, seed, { choose })` with a draw the generation does not make; `gramlog generate --choose` reports the same mistake as a usage error (exit code 2).',
    fix: 'Force a draw the generation makes, with an index it has (`--satisfy --json` prints the draws it changed).',
  },
]);
