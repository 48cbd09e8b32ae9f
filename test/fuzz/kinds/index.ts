/** Every input kind's case generator, by name (the names of run.ts --kind). */
import type fc from 'fast-check';
import type { FuzzCase } from '../harness.js';
import { apiCases } from './api.js';
import { blueprintCases } from './blueprints.js';
import { cliOptionCases } from './cli-options.js';
import { graphGdlCases } from './graph-gdl.js';
import { graphJsonCases } from './graph-json.js';
import { kifCases } from './kif.js';
import { layerCases } from './layers.js';
import { exportCases } from './exports.js';
import { lspCases } from './lsp.js';
import { mergeCases } from './merge.js';

export const KINDS: Record<string, fc.Arbitrary<FuzzCase>> = {
  kif: kifCases,
  'graph-json': graphJsonCases,
  'graph-gdl': graphGdlCases,
  bp: blueprintCases,
  layers: layerCases,
  cli: cliOptionCases,
  api: apiCases,
  merge: mergeCases,
  exports: exportCases,
  lsp: lspCases,
};
