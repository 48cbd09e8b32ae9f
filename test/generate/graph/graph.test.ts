/** The working graph's ids: graphgram's next-id rule, with addNode's lookup skipped when no id can be ahead. */
import { describe, expect, it } from 'vitest';
import { Graph } from '../../../src/generate/graph/graph.js';

describe('Graph ids', () => {
  it('numbers created nodes past every id that starts with a number in the start graph', () => {
    const g = Graph.from({ nodes: [{ id: '3', label: 'a' }, { id: '10x', label: 'b' }, { id: 'room', label: 'c' }], edges: [] });
    expect([g.addNode('d'), g.addNode('e')]).toEqual(['11', '12']);
  });

  it('skips an id a node was given by name ahead of the next id, in any order', () => {
    const g = new Graph();
    expect(g.addNode('a')).toBe('1');
    g.setNode('3', 'named');
    g.setNode('2', 'named');
    g.setNode('x', 'named');
    g.setNode('0', 'named');
    expect([g.addNode('b'), g.addNode('c')]).toEqual(['4', '5']);
    expect([...g.nodes.keys()]).toEqual(['1', '3', '2', 'x', '0', '4', '5']);
    expect(g.nodes.get('3')?.label).toBe('named');
  });
});
