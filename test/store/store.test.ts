import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { Store, type FactRow } from '../../src/store/index.js';

/** A fact row from a relation name and argument texts (canonical text built the printer's way). */
function fact(rel: string, ...args: string[]): FactRow {
  return { rel, args, text: args.length === 0 ? rel : `(${rel} ${args.join(' ')})` };
}

const FAMILY: FactRow[] = [
  fact('parent', 'ann', 'bob'),
  fact('parent', 'bob', 'cid'),
  fact('parent', 'ann', 'dee'),
  fact('age', 'ann', '70'),
  fact('age', 'bob', '45'),
  fact('age', 'cid', '9'),
  fact('cell', '(pos 1 2)', 'x'),
  fact('says', 'bob', '"hi there"'),
  fact('terminal'),
];

function expectStoreError(fn: () => unknown, code: string, pattern?: RegExp): GramlogError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GramlogError);
    const err = e as GramlogError;
    expect(err.code).toBe(code);
    expect(err.message).not.toMatch(/\n/);
    if (pattern) expect(err.message).toMatch(pattern);
    return err;
  }
  throw new Error(`expected GramlogError ${code}`);
}

describe('Store.fromFacts', () => {
  const store = Store.fromFacts(FAMILY);

  it('round-trips facts and relations', () => {
    expect(store.size).toBe(FAMILY.length);
    expect(store.facts()).toEqual(FAMILY.map((f) => f.text).sort());
    expect(store.relation('parent')).toEqual([
      ['ann', 'bob'],
      ['ann', 'dee'],
      ['bob', 'cid'],
    ]);
    // Arguments are canonical texts: numbers sort as strings here ("45" < "70" < "9").
    expect(store.relation('age')).toEqual([
      ['ann', '70'],
      ['bob', '45'],
      ['cid', '9'],
    ]);
    expect(store.relation('cell')).toEqual([['(pos 1 2)', 'x']]);
    expect(store.relation('says')).toEqual([['bob', '"hi there"']]);
    expect(store.relation('terminal')).toEqual([[]]);
    expect(store.relation('nothing')).toEqual([]);
  });

  it('stores the documented schema', () => {
    const eid = store.eid('(parent ann bob)');
    expect(eid).toBeTypeOf('number');
    expect(store.pull('[*]', eid as number)).toEqual({
      ':db/id': eid,
      rel: 'parent',
      arity: 2,
      arg0: 'ann',
      arg1: 'bob',
      text: '(parent ann bob)',
    });
  });

  it('collapses duplicate facts into one entity', () => {
    const s = Store.fromFacts([...FAMILY, ...FAMILY, fact('parent', 'ann', 'bob')]);
    expect(s.size).toBe(FAMILY.length);
    expect(s.relation('parent')).toHaveLength(3);
    expect(s.query('[:find (count ?f) . :where [?f "text" "(parent ann bob)"]]')).toEqual([[1]]);
  });

  it('rejects one text given with two different contents', () => {
    expectStoreError(() => Store.fromFacts([fact('p', 'a'), { rel: 'q', args: ['a'], text: '(p a)' }]), 'store/fact', /\(p a\)/);
  });

  it('handles the empty store', () => {
    const empty = Store.fromFacts([]);
    expect(empty.size).toBe(0);
    expect(empty.facts()).toEqual([]);
    expect(empty.query('[:find ?x :where [?f "rel" ?x]]')).toEqual([]);
    expect(Store.empty().history()).toEqual([]);
  });

  it('reads a large relation by index scan the same way as a small one', () => {
    const rows: FactRow[] = [];
    for (let i = 0; i < 300; i++) rows.push(fact('e', `n${i % 17}`, `m${i}`, String(i % 5)));
    rows.push(fact('f', 'only'));
    const s = Store.fromFacts(rows);
    const expected = rows
      .filter((r) => r.rel === 'e')
      .map((r) => [...r.args])
      .sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
    expect(s.relation('e')).toEqual(expected); // scan path (relation is most of the store)
    expect(s.relation('f')).toEqual([['only']]); // per-entity path
  });
});

describe('Store.query', () => {
  const store = Store.fromFacts(FAMILY);
  const reversed = Store.fromFacts([...FAMILY].reverse());
  const Q = '[:find ?x ?y :where [?f "rel" "parent"] [?f "arg0" ?x] [?f "arg1" ?y]]';

  it('returns sorted rows regardless of insertion order', () => {
    const expected = [
      ['ann', 'bob'],
      ['ann', 'dee'],
      ['bob', 'cid'],
    ];
    expect(store.query(Q)).toEqual(expected);
    expect(reversed.query(Q)).toEqual(expected);
  });

  it('sorts numbers before strings, numbers numerically', () => {
    const rows = store.query('[:find ?v :where [?f "arity" ?v]]');
    expect(rows).toEqual([[0], [2]]);
    const mixed = store.query('[:find ?v :in $ [?v ...] :where]', [10, 'b', 9, 'a', 100]);
    expect(mixed).toEqual([[9], [10], [100], ['a'], ['b']]);
  });

  it('returns a scalar find spec as zero or one row of one element', () => {
    expect(store.query('[:find ?y . :where [?f "text" "(parent bob cid)"] [?f "arg1" ?y]]')).toEqual([['cid']]);
    expect(store.query('[:find ?y . :where [?f "text" "(parent zed cid)"] [?f "arg1" ?y]]')).toEqual([]);
    expect(store.query('[:find (count ?f) . :where [?f "rel" "age"]]')).toEqual([[3]]);
  });

  it('returns a collection find spec as rows of one element', () => {
    expect(store.query('[:find [?x ...] :where [?f "rel" "parent"] [?f "arg0" ?x]]')).toEqual([['ann'], ['bob']]);
  });

  it('returns a single-tuple find spec as one row', () => {
    expect(store.query('[:find [?x ?y] :where [?f "text" "(parent bob cid)"] [?f "arg0" ?x] [?f "arg1" ?y]]')).toEqual([
      ['bob', 'cid'],
    ]);
  });

  it('binds inputs after the store', () => {
    const q = '[:find ?y :in $ ?x :where [?f "rel" "parent"] [?f "arg0" ?x] [?f "arg1" ?y]]';
    expect(store.query(q, 'ann')).toEqual([['bob'], ['dee']]);
  });

  it('accepts a map-form query and :keys', () => {
    expect(store.query('{:find [?x] :where [[?f "rel" "age"] [?f "arg0" ?x]]}')).toEqual([['ann'], ['bob'], ['cid']]);
    expect(store.query('[:find ?y ?x :keys b a :where [?f "rel" "age"] [?f "arg0" ?x] [?f "arg1" ?y]]')).toEqual([
      ['45', 'bob'],
      ['70', 'ann'],
      ['9', 'cid'],
    ]);
  });

  it('sorts a (distinct ?x) set', () => {
    const rows = store.query('[:find (distinct ?y) . :where [?f "rel" "parent"] [?f "arg1" ?y]]');
    expect(rows).toEqual([[['bob', 'cid', 'dee']]]);
  });

  it('treats an attribute nobody uses as an empty result, not an error', () => {
    expect(store.query('[:find ?x :where [?f "nope" ?x]]')).toEqual([]);
    expect(store.query('[:find ?x :where [?f "arg7" ?x]]')).toEqual([]);
    // A keyword attribute cannot be compared with the string attributes in the index: an error with a hint.
    expectStoreError(() => store.query('[:find ?x :where [?f :rel ?x]]'), 'store/query', /attributes in this store are strings/);
  });

  it('can query another snapshot passed as a source', () => {
    const later = store.addFacts([fact('parent', 'cid', 'eve')]);
    const q = '[:find ?t :in $ $old :where [$ ?f "text" ?t] (not [$old ?g "text" ?t])]';
    expect(later.query(q, store)).toEqual([['(parent cid eve)']]);
  });

  it('turns datascript errors into store/query with a readable one-line message', () => {
    expectStoreError(() => store.query('[:find ?x :where [?f "rel" ?x]'), 'store/query', /EOF.*query: \[:find \?x/);
    expectStoreError(() => store.query('[:find ?z :where [?f "rel" ?x]]'), 'store/query', /unknown vars.*\?z/i);
    expectStoreError(() => store.query('[:find ?y :in $ ?x :where [?f "arg0" ?x] [?f "arg1" ?y]]'), 'store/query', /Too few inputs/);
    expectStoreError(() => store.query('[:find ?x :where [?f "rel" ?x]]', 'extra'), 'store/query', /Extra inputs/);
    expectStoreError(() => store.query('[:find ?x :where [?f "rel" ?x] [(.foo ?x)]]'), 'store/query', /predicate/);
    expectStoreError(() => store.query(':find'), 'store/query', /vector or a map/);
    expectStoreError(() => store.query('[:find ?x :where (path ?x ?y)]'), 'store/query');
    const err = expectStoreError(() => store.query('[:find ?x :where'), 'store/query');
    expect(err.cause).toBeDefined();
  });

  it('refuses rules', () => {
    const rules = '[[(path ?x ?y) [?e "from" ?x] [?e "to" ?y]]]';
    expectStoreError(
      () => store.query('[:find ?x ?y :in $ % :where (path ?x ?y)]', rules),
      'store/recursive-rules',
      /engine/,
    );
    expectStoreError(() => store.query('{:find [?x] :in [$ %] :where [(path ?x ?y)]}', rules), 'store/recursive-rules');
    expectStoreError(() => store.query('[:find ?x :in $ ?r :where [?f "rel" ?x]]', rules), 'store/recursive-rules');
  });
});

describe('Store.pull', () => {
  const store = Store.fromFacts(FAMILY);
  const eid = store.eid('(age bob 45)') as number;

  it('pulls a pattern by id or lookup ref', () => {
    expect(store.pull('["rel" "arg0"]', eid)).toEqual({ rel: 'age', arg0: 'bob' });
    expect(store.pull('["arg1"]', ['text', '(age bob 45)'])).toEqual({ arg1: '45' });
  });

  it('returns null for a missing entity', () => {
    expect(store.pull('[*]', 999_999)).toBeNull();
    expect(store.pull('[*]', ['text', '(age zed 1)'])).toBeNull();
    expect(store.eid('(age zed 1)')).toBeNull();
  });

  it('turns a bad pattern into store/query', () => {
    expectStoreError(() => store.pull('[:foo {', eid), 'store/query', /pull/);
    expectStoreError(() => store.pull('[{"rel" [*]}]', eid), 'store/query', /ref/);
    expectStoreError(() => store.pull('[*]', -3), 'store/query');
  });
});

describe('snapshots, history and transactions', () => {
  const base = Store.fromFacts(FAMILY, { source: 'family.kif' });

  it('addFacts returns a new snapshot and leaves the old one unchanged', () => {
    const next = base.addFacts([fact('parent', 'dee', 'fay'), fact('parent', 'ann', 'bob')], { step: 1 });
    expect(next).not.toBe(base);
    expect(next.size).toBe(base.size + 1);
    expect(next.relation('parent')).toContainEqual(['dee', 'fay']);
    expect(base.relation('parent')).not.toContainEqual(['dee', 'fay']);
    expect(base.size).toBe(FAMILY.length);
    expect(base.facts()).toEqual(FAMILY.map((f) => f.text).sort());
  });

  it('records transactions with their meta in history', () => {
    const s1 = base.addFacts([fact('parent', 'dee', 'fay')], { step: 1, rule: 'grow', ok: true });
    const s2 = s1.addFacts([fact('parent', 'dee', 'fay')], { step: 2 }); // nothing new
    expect(base.history()).toHaveLength(1);
    const h = s2.history();
    expect(h.map((e) => e.meta)).toEqual([{ source: 'family.kif' }, { step: 1, rule: 'grow', ok: true }, { step: 2 }]);
    expect(h[1]?.added).toBe(5); // rel, arity, text, arg0, arg1
    expect(h[2]?.added).toBe(0);
    const txs = h.map((e) => e.tx);
    expect(txs[1]).toBeGreaterThan(txs[0] as number);
    expect(txs[2]).toBeGreaterThan(txs[1] as number);
    // The transaction id is queryable: which transaction added this fact?
    expect(s2.query('[:find ?tx . :where [?f "text" "(parent dee fay)" ?tx]]')).toEqual([[txs[1]]]);
    // History entries are snapshots too.
    expect(Object.isFrozen(h[1]?.meta)).toBe(true);
  });

  it('transacts generic entities and reports temp ids', () => {
    const { store, tempids } = base.transact(
      [
        { ':db/id': -1, kind: 'step', choice: 'hDivide', weight: 4 },
        { ':db/id': 'root', kind: 'node', name: 'area' },
        [':db/add', -1, 'node', 'area'],
      ],
      { seed: 42 },
    );
    expect(Object.keys(tempids).sort()).toEqual(['-1', 'root']);
    const step = tempids['-1'] as number;
    expect(store.pull('["kind" "choice" "weight" "node"]', step)).toEqual({ kind: 'step', choice: 'hDivide', weight: 4, node: 'area' });
    expect(store.query('[:find ?c :where [?s "kind" "step"] [?s "choice" ?c]]')).toEqual([['hDivide']]);
    expect(store.size).toBe(base.size); // not fact entities
    expect(store.history().at(-1)?.meta).toEqual({ seed: 42 });
    expect(base.query('[:find ?s :where [?s "kind" "step"]]')).toEqual([]);
  });

  it('keeps size right when a transaction retracts or renames facts', () => {
    const eid = base.eid('(parent ann bob)') as number;
    const { store: fewer } = base.transact([[':db/retractEntity', eid]]);
    expect(fewer.size).toBe(base.size - 1);
    expect(fewer.facts()).not.toContain('(parent ann bob)');
    expect(fewer.history().at(-1)?.added).toBe(0);
    const other = base.eid('(age cid 9)') as number;
    const { store: renamed } = fewer.transact([{ ':db/id': other, text: '(age cid 10)', arg1: '10' }]);
    expect(renamed.size).toBe(fewer.size);
    expect(renamed.relation('age')).toContainEqual(['cid', '10']);
  });

  it('turns a rejected transaction into store/transact', () => {
    expectStoreError(() => base.transact([{ text: null }]), 'store/transact', /nil/);
    const eid = base.eid('(parent ann bob)') as number;
    expectStoreError(() => base.transact([{ ':db/id': eid, text: '(parent bob cid)' }]), 'store/transact', /upsert/i);
  });
});
