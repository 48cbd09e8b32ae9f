/** --satisfy against the exact conditional distribution (./distance.ts). */
import { describe, expect, it } from 'vitest';
import { graphStyle } from '../../../src/generate/graph/style.js';
import { blueprintsStyle } from '../../../src/generate/blueprints/style.js';
import { distance, GRAPH, GRAPH_SATISFYING, graphKey, masterKey, SWORD, SWORD_RULES, SWORD_SATISFYING } from './distance.js';

describe('--satisfy against the exact conditional distribution', () => {
  it('graph grammars and blueprints: exact draws stay within sampling noise, and reach every satisfying artifact', () => {
    const g = distance(graphStyle, [{ file: 'g.gdl', text: GRAPH }], {}, 32, GRAPH_SATISFYING, graphKey, 2000);
    const b = distance(blueprintsStyle, [SWORD, SWORD_RULES], { entry: 'Sword' }, 32, SWORD_SATISFYING, masterKey, 2000);
    expect(g.seen).toBe(GRAPH_SATISFYING);
    expect(b.seen).toBe(SWORD_SATISFYING);
    // 2,000 samples over 18 or 12 outcomes: an exact sampler's distance is about 0.03-0.04
    expect(g.tv).toBeLessThan(0.06);
    expect(b.tv).toBeLessThan(0.06);
  });
});
