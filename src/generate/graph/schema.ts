/**
 * The graph vocabulary as data (see ../vocabulary-schema.ts): the `.gdl`
 * graph-rule relations (GRAPH_SCHEMA), the items of a `(rewrite RULE ITEM...)`
 * (GRAPH_REWRITE_SCHEMA) and the keys of a graphgram JSON grammar
 * (GRAPH_JSON_SCHEMA, for the reference). logic.ts checks a .gdl file against
 * the first two with vocabulary-check.ts.
 */
import { SHARED_ENTRIES } from '../shared-schema.js';
import { formEntry, type ArgSchema, type VocabularyEntry, type VocabularySchema } from '../../vocabulary-schema.js';

const RULE: ArgSchema = { name: 'RULE', kind: 'rule', code: 'graph/unknown-rule' };
const COUNT = (name: string): ArgSchema => ({ name, kind: 'integer', code: 'graph/bad-number' });
const DECL = 'declarations';
const GRAPH = 'the graph (injected)';

const entries: VocabularyEntry[] = [
  {
    name: 'graphstart',
    args: [{ name: 'LABEL', kind: 'label' }],
    use: 'fact',
    group: DECL,
    doc: 'The label of the start graph’s one node (default start).',
    example: '(graphstart room)',
  },
  {
    name: 'graphrule',
    args: [
      { name: 'RULE', kind: 'rule', declares: true },
      { name: 'WEIGHT', kind: 'number', code: 'graph/bad-number' },
    ],
    use: 'fact',
    group: DECL,
    doc: 'Relation RULE is a rewrite rule: each answer of (RULE ?x ?y ...) is a match site, its arguments the matched nodes.',
    example: '(graphrule dig 3)',
  },
  {
    name: 'graphlimit',
    args: [COUNT('N')],
    use: 'fact',
    group: DECL,
    doc: 'At most N rewrites in all.',
    example: '(graphlimit 12)',
  },
  {
    name: 'graphlimit',
    args: [RULE, COUNT('N')],
    use: 'fact',
    group: DECL,
    doc: 'Rule RULE applies at most N times.',
    example: '(graphlimit dig 5)',
  },
  {
    name: 'graphdelay',
    args: [RULE, COUNT('N')],
    use: 'fact',
    group: DECL,
    doc: 'Rule RULE applies only after N rewrites of its stage.',
    example: '(graphdelay lock 4)',
  },
  {
    name: 'graphstage',
    args: [RULE, COUNT('S')],
    use: 'fact',
    group: DECL,
    doc: 'Rule RULE belongs to stage S (default 0); stages run in ascending order.',
    example: '(graphstage lock 1)',
  },
  {
    name: 'rewrite',
    args: [RULE, { name: 'ITEM', kind: 'item', variadic: true }],
    use: 'fact',
    group: DECL,
    doc: 'What a site of RULE becomes, in the variables of RULE’s head; a matched node the items neither keep nor relabel is removed.',
    example: '(rewrite dig (keep ?r) (node ?c corridor) (edge ?r ?c exit))',
  },
  {
    name: 'node',
    args: [
      { name: 'ID', kind: 'node' },
      { name: 'LABEL', kind: 'label' },
    ],
    use: 'injected',
    group: GRAPH,
    doc: 'A node of the graph and its label.',
    example: '(<= (dig ?r) (node ?r room) (not (full ?r)))',
  },
  {
    name: 'edge',
    args: [
      { name: 'SRC', kind: 'node' },
      { name: 'DST', kind: 'node' },
      { name: 'LABEL', kind: 'label' },
    ],
    use: 'injected',
    group: GRAPH,
    doc: 'An edge of the graph and its label.',
    example: '(<= (exit ?r ?c) (edge ?r ?c exit))',
  },
  {
    name: 'nodeattr',
    args: [
      { name: 'ID', kind: 'node' },
      { name: 'KEY', kind: 'term' },
      { name: 'VALUE', kind: 'term' },
    ],
    use: 'injected',
    group: GRAPH,
    doc: 'An attribute of a node whose label is a JSON object (from a --graph start graph).',
    example: '(<= (big ?r) (nodeattr ?r size ?s) (> ?s 3))',
  },
  ...SHARED_ENTRIES,
];

export const GRAPH_SCHEMA: VocabularySchema = {
  kind: 'graph-gdl',
  title: 'Graph rules (.gdl with graphrule)',
  intro:
    'A `.gdl` graph grammar rewrites a graph: each `(graphrule RULE WEIGHT)` names a relation whose answers are match sites, and `(rewrite RULE ITEM...)` says what a site becomes.',
  entries,
};

const V: ArgSchema = { name: '?V', kind: 'node' };
const items: VocabularyEntry[] = [
  {
    name: 'node',
    args: [V, { name: 'LABEL', kind: 'label' }],
    use: 'fact',
    group: 'rewrite items',
    doc: 'Relabel matched node ?V, or add a node for a new ?V.',
    example: '(rewrite grow (keep ?r) (node ?c corridor))',
  },
  { name: 'keep', args: [V], use: 'fact', group: 'rewrite items', doc: 'Keep matched node ?V as it is.', example: '(rewrite lock (keep ?n) (node ?c locked))' },
  {
    name: 'edge',
    args: [
      { name: '?A', kind: 'node' },
      { name: '?B', kind: 'node' },
      { name: 'LABEL', kind: 'label' },
    ],
    use: 'fact',
    group: 'rewrite items',
    doc: 'Set an edge from ?A to ?B (each matched, or a node of the rewrite) with LABEL.',
    example: '(rewrite dig (keep ?r) (node ?c corridor) (edge ?r ?c exit))',
  },
  {
    name: 'head',
    args: [
      { name: '?NEW', kind: 'node' },
      { name: '?OLD', kind: 'node' },
    ],
    use: 'fact',
    group: 'rewrite items',
    doc: 'The incoming edges of matched node ?OLD move to ?NEW.',
    example: '(rewrite drop (node ?n new) (head ?n ?m))',
  },
  {
    name: 'tail',
    args: [
      { name: '?NEW', kind: 'node' },
      { name: '?OLD', kind: 'node' },
    ],
    use: 'fact',
    group: 'rewrite items',
    doc: 'The outgoing edges of matched node ?OLD move to ?NEW.',
    example: '(rewrite grow (node ?t task) (node ?u task) (tail ?u ?t))',
  },
];

export const GRAPH_REWRITE_SCHEMA: VocabularySchema = {
  kind: 'graph-rewrite',
  title: 'Rewrite items (inside (rewrite RULE ITEM...))',
  entries: items,
};

const key = (name: string, form: string, doc: string, example: string, group = 'grammar'): VocabularyEntry => formEntry(name, form, group, doc, example);

export const GRAPH_JSON_SCHEMA: VocabularySchema = {
  kind: 'graph-json',
  title: 'Graph grammars in graphgram JSON',
  intro: 'The graphgram JSON form of a graph grammar: stages of rules, each rule a left-hand side matched in the graph and a right-hand side that replaces it.',
  entries: [
    key('grammar.name', '"name": TEXT', 'A name for the grammar (messages and explain).', '"name": "missions"'),
    key('grammar.start', '"start": LABEL', 'The label of the start graph’s one node.', '"start": "S"'),
    key('grammar.limit', '"limit": N', 'At most N rewrites in all.', '"limit": 50'),
    key('grammar.induced', '"induced": BOOL', 'Match induced subgraphs by default (no extra edges between matched nodes).', '"induced": true'),
    key('grammar.stages', '"stages": [STAGE...]', 'The stages, run in order; or give "rules" for one stage.', '"stages": [{"rules": [...]}]'),
    key('grammar.rules', '"rules": [RULE...]', 'The rules of a grammar of one stage.', '"rules": [{"lhs": "A", "rhs": "B"}]'),
    key('stage.name', '"name": TEXT', 'A name for the stage (messages).', '{"name": "grow", "rules": [...]}', 'stage'),
    key('stage.limit', '"limit": N', 'At most N rewrites in this stage.', '{"limit": 10, "rules": [...]}', 'stage'),
    key('stage.induced', '"induced": BOOL', 'Induced matching for the stage’s rules.', '{"induced": true, "rules": [...]}', 'stage'),
    key('stage.rules', '"rules": [RULE...]', 'The rules of the stage.', '{"rules": [{"lhs": "A", "rhs": "B"}]}', 'stage'),
    key('rule.name', '"name": TEXT', 'A name for the rule (messages and explain).', '"name": "split"', 'rule'),
    key('rule.lhs', '"lhs": LABEL / [LABEL...] / {"node": [...], "edge": [...]}', 'What the rule matches: one node, a chain, or nodes (id, label query) and edges.', '"lhs": {"node": [{"id": "a", "label": "S"}]}', 'rule'),
    key('rule.rhs', '"rhs": LABEL / [LABEL...] / {"node": [...], "edge": [...]}', 'What a match becomes: LHS ids kept or relabelled, new ids added.', '"rhs": {"node": [{"id": "a", "label": "T"}]}', 'rule'),
    key('rule.induced', '"induced": BOOL', 'Induced matching for this rule.', '"induced": false', 'rule'),
    key('rule.condition', '"condition": TEXT', 'JavaScript in graphgram: refused (graph/javascript); write the test in the LHS or use a .gdl graph grammar.', '"condition": "..."', 'rule'),
    key('rule.weight', '"weight": W', 'The rule’s weight among the rules of its stage that match.', '"weight": 2', 'rule'),
    key('rule.limit', '"limit": N', 'The rule applies at most N times.', '"limit": 3', 'rule'),
    key('rule.type', '"type": TEXT', 'Rules of one type share a limit.', '"type": "grow"', 'rule'),
    key('rule.delay', '"delay": N', 'The rule applies only after N rewrites of its stage.', '"delay": 4', 'rule'),
    key('lhs.id', '"id": ID', 'The id a LHS node is known by in the rule.', '{"id": "a", "label": "S"}', 'LHS node'),
    key('lhs.label', '"label": QUERY', 'The label query the node must match (a label, or $equals, $contains, $find, $not, $and, $or).', '{"id": "a", "label": {"$contains": "room"}}', 'LHS node'),
    key('lhs.strict', '"strict": BOOL', 'The matched node may have no neighbours outside the match.', '{"id": "a", "label": "S", "strict": true}', 'LHS node'),
    key('rhs.id', '"id": ID', 'A LHS id (kept) or a new id (added).', '{"id": "a", "label": "T"}', 'RHS node'),
    key('rhs.label', '"label": EXPR', 'The new label (a label, or an expression over LHS labels).', '{"id": "b", "label": "${a.label}-2"}', 'RHS node'),
    key('rhs.update', '"update": OBJECT', 'Fields assigned into the kept node’s label.', '{"id": "a", "update": {"visited": true}}', 'RHS node'),
    key('rhs.head', '"head": [ID...]', 'LHS nodes whose incoming edges move to this node.', '{"id": "b", "head": ["a"]}', 'RHS node'),
    key('rhs.tail', '"tail": [ID...]', 'LHS nodes whose outgoing edges move to this node.', '{"id": "b", "tail": ["a"]}', 'RHS node'),
  ],
};

/** The keys of one kind of object of a JSON graph grammar (`grammar`, `stage`, `rule`, `lhs`, `rhs`), in the schema’s order. */
export function jsonKeys(prefix: 'grammar' | 'stage' | 'rule' | 'lhs' | 'rhs'): string[] {
  return GRAPH_JSON_SCHEMA.entries.filter((e) => e.name.startsWith(prefix + '.')).map((e) => e.name.slice(prefix.length + 1));
}
