/**
 * The indented tree text of an artifact (the default output):
 *
 *   seed 42
 *   area -> hDivideTop  (boss=yes h=64 w=64 x=0 y=0)  {size=4096}
 *     area -> tArea  (boss=no h=32 w=64 x=0 y=0)
 *       treasure  (gold=512)
 *
 * One line per node, two spaces per level: the symbol, `-> RULE` for a
 * nonterminal, `(KEY=VALUE ...)` for arguments and `{KEY=VALUE ...}` for
 * attributes, in key order. Given violation facts, they follow after a blank
 * line, as `violations (N):` and one indented fact a line.
 */
import { appendViolations, asListing, type ViolationListing } from '../violations.js';
import type { Artifact, ArtifactNode } from './artifact.js';

export function formatText(artifact: Artifact, violations: readonly string[] | ViolationListing = []): string {
  const lines: string[] = [`seed ${artifact.seed}`];
  const stack: Array<[ArtifactNode, number]> = [[artifact.root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [ArtifactNode, number];
    let line = '  '.repeat(depth) + node.symbol;
    if (node.rule !== undefined) line += ' -> ' + node.rule;
    const args = pairs(node.args);
    if (args) line += `  (${args})`;
    const attrs = pairs(node.attrs);
    if (attrs) line += `  {${attrs}}`;
    lines.push(line);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i] as ArtifactNode, depth + 1]);
  }
  return appendViolations(lines.join('\n') + '\n', asListing(violations));
}

function pairs(record: Record<string, string>): string {
  return Object.entries(record)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
