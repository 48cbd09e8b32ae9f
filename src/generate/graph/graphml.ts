/**
 * A generated graph as GraphML (http://graphml.graphdrawing.org/), which
 * yEd, Gephi, Cytoscape, NetworkX and igraph read: a directed graph whose
 * nodes and edges carry their label as the data key `label` (text: a string
 * label as is, any other label as compact JSON), and the seed as graph data.
 */
import type { GraphArtifact } from './generate.js';
import { labelText } from './format.js';
import { xmlEscape } from '../../export/xml.js';

export function formatGraphml(a: GraphArtifact, violations: readonly string[] = []): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '    xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    '  <key id="seed" for="graph" attr.name="seed" attr.type="string"/>',
    '  <key id="violation" for="graph" attr.name="violations" attr.type="string"/>',
    '  <key id="label" for="node" attr.name="label" attr.type="string"/>',
    '  <key id="elabel" for="edge" attr.name="label" attr.type="string"/>',
    '  <graph id="G" edgedefault="directed">',
    `    <data key="seed">${xmlEscape(String(a.seed))}</data>`,
  ];
  if (violations.length > 0) lines.push(`    <data key="violation">${xmlEscape(violations.join('\n'))}</data>`);
  for (const n of a.nodes) {
    const label = labelText(n.label ?? null);
    lines.push(`    <node id="${xmlEscape(n.id)}">${label === '' ? '' : `<data key="label">${xmlEscape(label)}</data>`}</node>`);
  }
  a.edges.forEach((e, i) => {
    const label = labelText(e.label ?? null);
    lines.push(`    <edge id="e${i + 1}" source="${xmlEscape(e.v)}" target="${xmlEscape(e.w)}">${label === '' ? '' : `<data key="elabel">${xmlEscape(label)}</data>`}</edge>`);
  });
  lines.push('  </graph>', '</graphml>');
  return lines.join('\n') + '\n';
}
