import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryArtifact, artifactGenerator, checkProperties, shrinkArtifact, type GeneratedArtifact } from '../../src/check/index.js';
import { compileGrammar, formatJson, generateFrom, type Artifact } from '../../src/generate/grammar/index.js';
import { generateLayers, prepareLayers } from '../../src/generate/layers/index.js';
import { loadProgram } from '../../src/program/load.js';

const rules = (name: string) => readFileSync(new URL(`../../rules/${name}`, import.meta.url), 'utf8');
/** rules/tree.gdl with a planted invariant: at most one flower. */
const treeText = rules('tree.gdl') + '\n(<= (violation two-flowers ?k) (applied flower ?k) (>= ?k 2))\n';
const tree = loadProgram([{ text: treeText, file: 'tree.gdl' }]);
const treeGen = artifactGenerator(tree);

/** Replays an artifact from its seed, params and overrides with the strict generator the CLI uses. */
function replayGrammar(a: GeneratedArtifact): string {
  const g = compileGrammar(tree, { params: Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(v)])) });
  const choose = new Map(Object.entries(a.choose));
  return formatJson(generateFrom(g, a.seed, choose.size > 0 ? { choose } : {}), []);
}

describe('shrinking in the space of forced choices', () => {
  it('a shrunk counterexample still fails, is never larger, replays exactly, and is a fixed point', () => {
    let shrunkSome = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const original = treeGen.generate(seed);
        fc.pre(original.failed);
        const r = shrinkArtifact(treeGen, original);
        expect(r.artifact.failed).toBe(true);
        expect(r.artifact.properties).toContain('two-flowers');
        expect(r.after).toBeLessThanOrEqual(r.before);
        expect(r.before).toBe(original.size);
        expect(r.fixedPoint).toBe(true);
        if (r.after < r.before) shrunkSome++;
        // the overrides respect the grammar: the strict generator (as --choose) accepts every one and gives the same tree
        expect(replayGrammar(r.artifact)).toBe(formatJson(r.artifact.artifact as Artifact, []));
      }),
      { numRuns: 15, seed: 3 },
    );
    expect(shrunkSome).toBeGreaterThan(5);
  });

  it('is deterministic: the same failing artifact shrinks to the same overrides', () => {
    const seed = [...Array(200).keys()].find((s) => treeGen.generate(s).failed) as number;
    const a = shrinkArtifact(treeGen, treeGen.generate(seed));
    const b = shrinkArtifact(artifactGenerator(loadProgram([{ text: treeText, file: 'tree.gdl' }])), treeGen.generate(seed));
    expect(b.artifact.choose).toEqual(a.artifact.choose);
    expect(b.after).toBe(a.after);
    expect(Object.keys(a.artifact.choose).length).toBeGreaterThan(0);
  });

  it('clears placed sites of a layer artifact while the violation holds', () => {
    const broken = loadProgram([{ text: rules('check-broken.gdl'), file: 'check-broken.gdl' }]);
    const gen = artifactGenerator(broken);
    const seed = [...Array(100).keys()].find((s) => gen.generate(s, { houses: 12 }).failed) as number;
    const original = gen.generate(seed, { houses: 12 });
    const r = shrinkArtifact(gen, original);
    // two neighbouring trees are all the violation needs
    expect(r.after).toBe(2);
    expect(r.before).toBeGreaterThan(2);
    expect(Object.values(r.artifact.choose).every((v) => v === 'off')).toBe(true);
    // replay: the same placed sites from the seed and the forced bits
    const g = prepareLayers(broken, { params: { houses: '12' } });
    const replayed = generateLayers(g, { seed, choose: new Map(Object.entries(r.artifact.choose).map(([k, v]) => [k, v === 'on'])) });
    expect(replayed.layers[0]?.placed).toEqual((r.artifact.summary() as { layers: Array<{ placed: string[] }> }).layers[0]?.placed);
    expect(replayed.violations.facts).toEqual(r.artifact.violations);
  });

  it('inside fast-check: arbitraryArtifact shrinks the artifact, not only the seed', () => {
    const d = fc.check(fc.property(arbitraryArtifact(tree), (a) => !a.failed), { numRuns: 300, seed: 5 });
    const cx = d.counterexample?.[0];
    expect(cx?.failed).toBe(true);
    expect(Object.keys(cx?.choose ?? {}).length).toBeGreaterThan(0);
    const plain = treeGen.generate(cx?.seed as number, cx?.params);
    expect(cx?.size).toBeLessThan(plain.size as number);
  });

  it('checkProperties reports sizes before and after and a replay with --choose', () => {
    const r = checkProperties(tree, { runs: 300, seed: 5 });
    expect(r.ok).toBe(false);
    expect(r.sizes?.unit).toBe('nodes');
    expect(r.sizes?.after).toBeLessThan(r.sizes?.before as number);
    const cx = r.counterexample as { seed: number; params: Record<string, number | string>; choose?: Record<string, string> };
    expect(Object.keys(cx.choose ?? {}).length).toBeGreaterThan(0);
    const replay = treeGen.generate(cx.seed, cx.params, cx.choose);
    expect(replay.size).toBe(r.sizes?.after);
    expect(replay.violations).toEqual(r.violations);
  });
});
