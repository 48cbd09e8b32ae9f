/**
 * The playground lists each violation with the rule that derived it, as the
 * CLI's listing does (`(violation p a)  ; rule d.gdl:3`), and its JSON
 * download carries "violationRules" (issue 32 item 1): two rules of one
 * property on lines 3 and 4, each deriving its own fact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelInput } from '../../src/web/protocol.js';
import { playgroundWorker } from '../generate/toy-style/worker.js';

const TREE = '(start s) (rule s a 1) (rule s b 1) (child a 0 t)\n(bad a) (worse b)\n(<= (violation p ?r) (bad ?r) (root ?_n))\n(<= (violation p ?r) (worse ?r) (root ?_n))\n';
const LAYERS = '(layer a 1) (site a 1) (chance a 1)\n(<= (violation taken ?k) (placed a ?k))\n';

const input = (file: string, text: string, kind: PanelInput['kind'], action = 'main'): PanelInput => ({ text, file, kind, seed: 0, params: {}, action });

describe("the playground's violations name their rule", () => {
  let worker: Awaited<ReturnType<typeof playgroundWorker>>;
  let id = 0;
  beforeAll(async () => {
    worker = await playgroundWorker();
  });
  afterAll(() => worker.close());
  const panel = (i: PanelInput) => worker.value({ id: ++id, op: 'panel', input: i }) as Promise<{ violations: string[]; json: string; ok: boolean }>;

  it('tree grammar: the list and the JSON download', async () => {
    const data = await panel(input('d.gdl', TREE, 'grammar'));
    expect(data.violations).toEqual(['(violation p a)  ; rule d.gdl:3', '(violation p b)  ; rule d.gdl:4']);
    expect((JSON.parse(data.json) as { violationRules: unknown }).violationRules).toEqual([
      { file: 'd.gdl', line: 3, col: 1 },
      { file: 'd.gdl', line: 4, col: 1 },
    ]);
  });

  it('layers: the list', async () => {
    const data = await panel(input('v.gdl', LAYERS, 'layers'));
    expect(data.violations).toEqual(['(violation taken 1)  ; rule v.gdl:2']);
  });

  it("check: the counterexample's list", async () => {
    const data = await panel(input('d.gdl', TREE, 'grammar', 'check'));
    expect(data.ok).toBe(false);
    expect(data.violations).toEqual(['(violation p a)  ; rule d.gdl:3', '(violation p b)  ; rule d.gdl:4']);
  });
});
