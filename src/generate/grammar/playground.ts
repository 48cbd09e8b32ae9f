/**
 * Tree grammars (`gramlog generate` on a grammar): the tree as SVG
 * (collapsible), the selected node's attributes and its `--explain` steps, a
 * gallery of seeds, violations marked on the tree, downloads of JSON, DOT and
 * SVG, and the check button.
 */
import type { ArtifactNode } from './artifact.js';
import { artifactViolations, explain, formatDot, formatJson, type Grammar } from './index.js';
import type { Artifact } from './artifact.js';
import type { Style } from '../style.js';
import type { PanelInput, StylePanel } from '../style/playground.js';
import { compileInput, galleryCount, memo } from '../playground/common.js';
import { generated } from '../playground/satisfy.js';
import { violationTexts } from '../violations.js';

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

type GrammarStyle = Style<Grammar, Artifact>;

function grammarOf(style: GrammarStyle, input: PanelInput): Grammar {
  return grammars(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    compileInput(style, input),
  );
}

function tree(style: GrammarStyle, grammar: Grammar, seed: number | string, input: PanelInput): TreeData {
  const artifact = generated(style, grammar, input, seed);
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


/** The worker half of the tree grammar panel (the style's playground part; its page half: ./view.ts). */
export const grammarPanel: StylePanel<GrammarData, Grammar, Artifact> = {
  compute(input, _progress, { style, check }) {
    const grammar = grammarOf(style, input);
    switch (input.action) {
      case 'main': {
        const artifact = generated(style, grammar, input, input.seed);
        // each fact shown with the rule that derived it, as the CLI lists them
        const found = artifactViolations(artifact);
        return { seed: input.seed, root: artifact.root, nodeCount: artifact.nodeCount, violations: violationTexts(found), json: formatJson(artifact, found), dot: formatDot(artifact, found.facts) };
      }
      case 'explain':
        return explainNode(explain(generated(style, grammar, input, input.seed, { explain: true })), String(input.arg)) as never;
      case 'gallery': {
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: galleryCount(input.arg) }, (_, i) => tree(style, grammar, base + i, input)) as never;
      }
      case 'check':
        return check() as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
