/** The grammar's relation tables come from GRAMMAR_SCHEMA: same names as its groups, same arities. */
import { expect, it } from 'vitest';
import { GRAMMAR_SCHEMA } from '../../../src/generate/grammar/schema.js';
import { NODE_RELATIONS, OUTPUT_RELATIONS, PRESELECTOR_RELATIONS, STATIC_RELATIONS } from '../../../src/generate/grammar/vocabulary.js';

const group = (g: string) => Object.fromEntries(GRAMMAR_SCHEMA.entries.filter((e) => e.group === g).map((e) => [e.name, e.args.length]));

it('the relation tables are the schema groups', () => {
  expect(NODE_RELATIONS).toEqual(group('injected at each node'));
  expect(PRESELECTOR_RELATIONS).toEqual(group('pre-selectors (read at each node)'));
  expect(OUTPUT_RELATIONS).toEqual(group('outputs'));
  expect(STATIC_RELATIONS).toEqual({ ...group('read once'), param: 2 });
});
