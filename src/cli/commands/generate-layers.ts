/**
 * `gramlog generate` on a layer file (a program with `(layer NAME ORDER)`):
 * the layer style of the generate command (generate.ts reads the options).
 *
 * Prints the layers as text (grids when keys are two-argument compounds), as
 * JSON `{"seed", "layers": [{"name", "order", "sites", "base", "mask", "placed"}], "violations"?}`
 * (indented for one artifact, one line each with --count), or with --explain
 * every draw of every layer. `--format dot` is a usage error: DOT draws trees.
 */
// the layer modules one by one, not the index: it would load the SAT solver (analyze) on every run
import { explainLayers } from '../../generate/layers/explain.js';
import { formatLayerText, layerArtifactJson } from '../../generate/layers/format.js';
import { generateLayers } from '../../generate/layers/generate.js';
import { prepareLayers } from '../../generate/layers/prepare.js';
import type { Program } from '../../program/program.js';
import { UsageError } from '../io.js';
import { withParams } from '../options.js';
import { withChoices } from '../replay.js';
import { parseLayerChoices } from '../../generate/layers/choices.js';
import { appendViolations } from '../../generate/violations.js';
import type { GenerateRequest, Renderer } from './generate.js';

/** The layer style: prepare (and check) the file once, then generate and print each seed. */
export function layerRenderer(program: Program, request: GenerateRequest): Renderer {
  if (request.format === 'dot') {
    throw new UsageError('gramlog generate: --format dot draws a grammar\'s tree; a layer file prints text or JSON');
  }
  const grammar = withParams('generate', () => prepareLayers(program, { params: request.params }));
  const choose = withChoices('generate', () => parseLayerChoices(request.choose));
  return (seed) => {
    const artifact = withChoices('generate', () => generateLayers(grammar, { seed, explain: request.explain, ...(choose.size > 0 ? { choose } : {}) }));
    const violations = artifact.violations;
    if (request.explain) return { text: appendViolations(explainLayers(artifact), violations), violations };
    if (request.format === 'json') {
      return { text: JSON.stringify(layerArtifactJson(artifact), null, request.jsonLines ? undefined : 2) + '\n', violations };
    }
    return { text: formatLayerText(artifact), violations };
  };
}
