/**
 * Graphviz DOT for an artifact: one box per node (symbol, rule, arguments,
 * attributes), an edge from each node to its children, node names the node
 * paths. Several artifacts (`--count`) are several digraphs in one file,
 * which `dot` accepts. Given violation facts, each is a comment line
 * `// (violation ...)` before the closing brace.
 */
import type { Artifact, ArtifactNode } from './artifact.js';

export function formatDot(artifact: Artifact, violations: readonly string[] = []): string {
  const lines: string[] = [
    `digraph ${quote(`gramlog seed ${artifact.seed}`)} {`,
    `  label=${quote(`seed ${artifact.seed}`)};`,
    '  node [shape=box, fontname="monospace"];',
  ];
  const stack: ArtifactNode[] = [artifact.root];
  while (stack.length > 0) {
    const node = stack.pop() as ArtifactNode;
    const label = [node.rule === undefined ? node.symbol : `${node.symbol} -> ${node.rule}`];
    for (const [k, v] of Object.entries(node.args)) label.push(`${k}=${v}`);
    for (const [k, v] of Object.entries(node.attrs)) label.push(`{${k}=${v}}`);
    const style = node.rule === undefined ? ', style=rounded' : '';
    lines.push(`  ${quote(node.id)} [label=${quote(label.join('\n'))}${style}];`);
    for (const c of node.children) lines.push(`  ${quote(node.id)} -> ${quote(c.id)};`);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ArtifactNode);
  }
  for (const v of violations) lines.push(`  // ${v.replace(/[\r\n]/g, ' ')}`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** A DOT double-quoted id: backslash and quote escaped, newlines as `\n` (centred lines). */
function quote(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n') + '"';
}
