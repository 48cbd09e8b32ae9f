/**
 * The style registry and the generic API: every style is recognised from its
 * files, `generateArtifact` prints what `gramlog generate` prints (the CLI is
 * the oracle), and generation of a seed is a pure function of grammar, seed
 * and options (any order of seeds gives the same artifacts).
 */
import { describe, expect, it } from 'vitest';
import { compileStyle, generateArtifact, styleOf } from '../../src/api/checked.js';
import { STYLES } from '../../src/index.js';
import { readRepoFile } from '../helpers.js';
import { runCli } from '../cli/fake-io.js';

const EXAMPLES: Array<[string, string, string[]]> = [
  ['rules/tree.gdl', 'grammar', []],
  ['rules/dungeon.gdl', 'grammar', []],
  ['rules/building.gdl', 'layers', []],
  ['rules/mission.json', 'graph', []],
  ['rules/mission.gdl', 'graph', []],
  ['rules/items.bp', 'blueprints', ['--blueprint', 'Spear']],
];

describe('the registry', () => {
  it('has one style per name, each with formats, a schema and a title', () => {
    expect(new Set(STYLES.map((s) => s.name)).size).toBe(STYLES.length);
    for (const s of STYLES) {
      expect(s.formats.length, s.name).toBeGreaterThan(0);
      expect(s.formats[0], s.name).toBe('text');
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.schema).toBeDefined();
    }
  });

  it.each(EXAMPLES)('recognises %s as %s', (file, style) => {
    expect(styleOf({ file, text: readRepoFile(file) }).name).toBe(style);
  });
});

describe('generateArtifact prints what gramlog generate prints', () => {
  it.each(EXAMPLES)('%s (%s)', async (file, _style, extra) => {
    const text = readRepoFile(file);
    const entry = extra[1];
    for (const format of ['text', 'json'] as const) {
      const api = generateArtifact({ file, text }, 3, { format, ...(entry ? { entry } : {}) });
      const cli = await runCli(['generate', file, '--seed', '3', ...(format === 'json' ? ['--json'] : []), ...extra]);
      expect(api.text).toBe(cli.stdout);
      expect(cli.code).toBe(api.violations.length > 0 ? 1 : 0);
    }
  });
});

describe('one seed is a pure function of grammar, seed and options', () => {
  it.each(EXAMPLES.filter(([, s]) => s !== 'blueprints'))('%s: seeds in any order give the same artifacts', (file) => {
    const compiled = compileStyle([{ file, text: readRepoFile(file) }]);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const seeds = [0, 1, 2, 3, 4, 5];
    const forward = seeds.map((s) => generateArtifact(compiled, s, { format: 'json' }).text);
    const backward = [...seeds].reverse().map((s) => generateArtifact(compiled, s, { format: 'json' }).text).reverse();
    expect(backward).toEqual(forward);
  });

  it('reports a file that does not compile as a GramlogError with every error', () => {
    expect(() => generateArtifact({ file: 'x.gdl', text: '(rule s a 1)\n' })).toThrow(/no \(start SYMBOL\)/);
  });
});
