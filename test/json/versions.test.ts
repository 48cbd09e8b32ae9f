/**
 * The schemas and the format versions agree: one schema per output kind of
 * src/json/formats.ts, its `$id` and `format` const at the kind's version, a
 * checked-in fingerprint per version (a schema whose shape changes without a
 * version bump fails here), a changelog entry per version, and a page
 * section linking each schema. Negative cases: wrong shapes fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_FORMATS, type JsonKind } from '../../src/json/formats.js';
import { ANALYZE_FORMAT } from '../../src/cli/commands/analyze.js';
import { STYLES } from '../../src/generate/styles.js';
import { repoRoot } from '../helpers.js';
import { fingerprint, INPUT_SCHEMAS, outputErrors, schemaFiles, validatorOf } from './schemas.js';

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'fingerprints.json'), 'utf8')) as Record<string, string>;
const changelog = readFileSync(join(repoRoot, 'docs/reference/json-changelog.md'), 'utf8');
const reference = readFileSync(join(repoRoot, 'docs/reference/json.md'), 'utf8');

describe('schemas/ and the format versions', () => {
  const files = schemaFiles();

  it('has one schema per output kind and the input schemas, nothing else', () => {
    expect([...files.keys()].sort()).toEqual([...Object.keys(JSON_FORMATS), ...INPUT_SCHEMAS].sort());
  });

  it('every style analyze prints has its own kind', () => {
    for (const s of STYLES) expect(ANALYZE_FORMAT[s.name], s.name).toBeDefined();
  });

  for (const [kind, version] of Object.entries(JSON_FORMATS) as Array<[JsonKind, number]>) {
    it(`${kind}: $id and format const at version ${version}`, () => {
      const s = files.get(kind) as { $id: string; properties: { format: { const: string } }; required: string[] };
      expect(s.$id).toBe(`urn:gramlog:${kind}/${version}`);
      expect(s.properties.format.const).toBe(`${kind}/${version}`);
      expect(s.required[0]).toBe('format');
      expect(Object.keys(s.properties)[0]).toBe('format');
    });
  }

  for (const [name, s] of files) {
    const id = s.$id.replace('urn:gramlog:', '');
    it(`${name}: its shape is the one recorded for ${id} (else bump the version)`, () => {
      expect(recorded[id], `no fingerprint recorded for ${id}: a new version? record ${fingerprint(s)} in test/json/fingerprints.json and add it to docs/reference/json-changelog.md`).toBeDefined();
      expect(
        fingerprint(s),
        `schemas/${name}.schema.json changed shape but is still ${id}: bump its version (src/json/formats.ts, the schema's $id and format const), add a line to docs/reference/json-changelog.md, and record the new fingerprint`,
      ).toBe(recorded[id]);
    });
    it(`${name}: ${id} is in the changelog and the reference links the schema`, () => {
      expect(changelog).toContain(`\`${id}\``);
      expect(reference).toContain(`../../schemas/${name}.schema.json`);
    });
  }

  it('a recorded fingerprint belongs to a schema (no stale entries)', () => {
    const ids = new Set([...files.values()].map((s) => s.$id.replace('urn:gramlog:', '')));
    for (const id of Object.keys(recorded)) expect(ids.has(id), id).toBe(true);
  });
});

describe('a wrong shape fails its schema', () => {
  const tree = {
    format: 'generate-tree/4',
    seed: 1,
    root: { symbol: 'top', rule: 'make', args: { n: 3, at: ['at', 1, 'n'] }, attrs: {}, children: [{ symbol: 'leaf', args: {}, attrs: {}, children: [] }] },
  };
  const layers = {
    format: 'generate-layers/4',
    seed: 1,
    layers: [{ name: 'a', order: 1, sites: ['(at 1 1)'], siteTerms: [['at', 1, 1]], base: [], mask: ['(at 1 1)'], placed: [] }],
  };
  const line = (v: unknown) => JSON.stringify(v);
  const mutate = (v: unknown, f: (o: any) => void): string => {
    const copy = structuredClone(v);
    f(copy);
    return line(copy);
  };

  it('the unmutated examples conform', () => {
    expect(outputErrors(line(tree))).toEqual([]);
    expect(outputErrors(line(layers))).toEqual([]);
  });

  it.each([
    ['a missing required key', mutate(tree, (o) => delete o.root.children)],
    ['an unknown key', mutate(tree, (o) => (o.root.colour = 'red'))],
    ['a boolean seed', mutate(tree, (o) => (o.seed = true))],
    ['an arg that is no term', mutate(tree, (o) => (o.root.args.n = [3]))],
    ['an empty compound', mutate(tree, (o) => (o.root.args.at = []))],
    ['a compound as an object', mutate(tree, (o) => (o.root.args.at = { functor: 'at', args: [1] }))],
    ['a child of the wrong shape', mutate(tree, (o) => o.root.children.push('leaf'))],
    ['an older version', mutate(tree, (o) => (o.format = 'generate-tree/1'))],
    ['format not first', line({ seed: 1, format: 'generate-tree/4', root: tree.root })],
    ['no format', mutate(tree, (o) => delete o.format)],
    ['an unknown kind', mutate(tree, (o) => (o.format = 'generate-trees/2'))],
    ['a site term with a numeric functor', mutate(layers, (o) => (o.layers[0].siteTerms[0][0] = 3))],
    ['a layer without siteTerms', mutate(layers, (o) => delete o.layers[0].siteTerms)],
    ['sites as objects', mutate(layers, (o) => (o.layers[0].sites = [['at', 1, 1]]))],
    ['a query answer as the old bare array', line(['(sibling carol dave)'])],
    ['a validate line with ok as text', line({ format: 'validate/2', file: 'a.kif', ok: 'yes', findings: [] })],
    ['a finding with an unknown severity', line({ format: 'validate/2', file: 'a.kif', ok: true, findings: [{ check: 'x', severity: 'fatal', message: 'm' }] })],
    ['a check line without runs', line({ format: 'check/3', ok: true })],
    ['a master property that is a boolean', line({ format: 'master/4', seed: 1, blueprint: 'A', properties: { x: true } })],
  ])('%s', (_what, text) => {
    expect(outputErrors(text)).not.toEqual([]);
  });

  it('the graph grammar schema refuses a rule without rhs, an unknown key, and a bad node id', () => {
    const g = validatorOf('graph-grammar');
    expect(g({ start: 'S', rules: [{ lhs: 'S', rhs: 'T' }] })).toBe(true);
    expect(g({ start: 'S', rules: [{ lhs: 'S' }] })).toBe(false);
    expect(g({ start: 'S', rules: [{ lhs: 'S', rhs: 'T', wieght: 2 }] })).toBe(false);
    expect(g({ start: 'S', rules: [{ lhs: { node: [{ id: 'a b', label: 'S' }] }, rhs: 'T' }] })).toBe(false);
    expect(g({ rules: [], stages: [] })).toBe(false);
    const start = validatorOf('graph-start');
    expect(start({ nodes: [{ v: 'a', value: 'room' }], edges: [] })).toBe(true);
    expect(start({ nodes: [{ value: 'room' }] })).toBe(false);
    expect(start({ edges: [] })).toBe(false);
  });
});
