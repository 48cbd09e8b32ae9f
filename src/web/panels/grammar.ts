/**
 * Tree grammars (`gramlog generate` on a grammar): the tree as SVG
 * (collapsible), the selected node's attributes and its `--explain` steps, a
 * gallery of seeds, violations marked on the tree, downloads of JSON, DOT and
 * SVG, and the check button.
 */
import type { ArtifactNode } from '../../generate/grammar/artifact.js';
import { artifactViolations, explain, formatDot, formatJson, type Grammar } from '../../generate/grammar/index.js';
import { grammarStyle } from '../../generate/grammar/style.js';
import type { PanelInput } from '../protocol.js';
import { computeCheck } from './check.js';
import { compileInput, galleryCount, memo } from './common.js';
import { generated } from './satisfy.js';
import type { Panel } from './panel.js';
import { violationTexts } from '../../generate/violations.js';

export interface TreeData {
  seed: number | string;
  root: ArtifactNode;
  nodeCount: number;
  violations: string[];
}

export interface GrammarData extends TreeData {
  json: string;
  dot: string;
}

const grammars = memo<Grammar>(4);

function grammarOf(input: PanelInput): Grammar {
  return grammars(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    compileInput(grammarStyle, input),
  );
}

function tree(grammar: Grammar, seed: number | string, input: PanelInput): TreeData {
  const artifact = generated(grammarStyle, grammar, input, seed);
  return { seed, root: artifact.root, nodeCount: artifact.nodeCount, violations: violationTexts(artifactViolations(artifact)) };
}

/** The lines of `explain` that belong to one node: its header and its pipeline table. */
export function explainNode(text: string, id: string): string {
  const lines = text.split('\n');
  const header = /^\s*(n(?:\/\d+)*)  /;
  const start = lines.findIndex((l) => header.exec(l)?.[1] === id);
  if (start < 0) return '';
  const out = [lines[start]!.trim()];
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (header.test(l) || l.trim() === '') break;
    out.push(l.slice(indent));
  }
  return out.join('\n');
}


export const grammarPanel: Panel<GrammarData> = {
  kind: 'grammar',
  compute(input, progress) {
    const grammar = grammarOf(input);
    switch (input.action) {
      case 'main': {
        const artifact = generated(grammarStyle, grammar, input, input.seed);
        // each fact shown with the rule that derived it, as the CLI lists them
        const found = artifactViolations(artifact);
        return { seed: input.seed, root: artifact.root, nodeCount: artifact.nodeCount, violations: violationTexts(found), json: formatJson(artifact, found), dot: formatDot(artifact, found.facts) };
      }
      case 'explain':
        return explainNode(explain(generated(grammarStyle, grammar, input, input.seed, { explain: true })), String(input.arg)) as never;
      case 'gallery': {
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: galleryCount(input.arg) }, (_, i) => tree(grammar, base + i, input)) as never;
      }
      case 'check':
        return computeCheck(input, progress) as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
