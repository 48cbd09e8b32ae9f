/**
 * The worker half of the panel of a generation style that has no panel of
 * its own (the page half: views/style.ts): the style's artifact for the
 * seed and params, in its first format, with its violations, all through
 * the Style contract (src/generate/style.ts). A new style of the registry is
 * shown by this panel until it gets one of its own.
 */
import { styleNamed } from '../../generate/styles.js';
import type { FormatName } from '../../generate/style.js';
import { compileInput } from '../../generate/playground/common.js';
import type { Panel } from './panel.js';
import { violationTexts } from '../../generate/violations.js';

export interface StyleData {
  seed: number | string;
  /** What the style calls itself ("tree grammar"). */
  title: string;
  /** The artifact in the style's first format (text). */
  text: string;
  violations: readonly string[];
}

/** The generic panel of the style named `kind`; undefined when no style has that name. */
export function stylePanel(kind: string): Panel<StyleData> | undefined {
  const style = styleNamed(kind);
  if (!style) return undefined;
  return {
    kind,
    compute(input) {
      if (input.action !== 'main') throw new Error(`unknown action ${input.action}`);
      const grammar = compileInput(style, input);
      const artifact = style.generate(grammar, input.seed);
      const violations = style.violations(artifact);
      return { seed: input.seed, title: style.title, text: style.format(artifact, style.formats[0] as FormatName, violations), violations: violationTexts(violations) };
    },
  };
}
