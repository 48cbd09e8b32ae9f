/**
 * The layer style's part of `gramlog check` (Style.check, ../style.ts): layers
 * generated from a seed and forced choices (`LAYER:KEY` → on/off), their size
 * in placed sites, and their shrink candidates: a placed site cleared (its
 * base bit forced off), the latest layers' sites first.
 */
import type { Program } from '../../program/program.js';
import { applyParams } from '../params.js';
import type { StyleCheck } from '../style.js';
import { NO_VIOLATIONS } from '../violations.js';
import { formatLayerText, layerArtifactJson } from './format.js';
import { generateLayers, type LayerArtifact } from './generate.js';
import { prepareLayers, type LayerGrammar } from './prepare.js';

export const layersCheck: StyleCheck<Program, LayerGrammar, LayerArtifact> = {
  program: (program) => program,
  // prepareLayers caches per program and params without bound; applying the
  // params first gives it a fresh program each time, so check's bounded cache rules.
  prepare: (program, params) => prepareLayers(applyParams(program, params)),
  generate(grammar, seed, choose) {
    const forced = Object.keys(choose).length > 0 ? new Map(Object.entries(choose).map(([k, v]) => [k, v === 'on'])) : undefined;
    const artifact = generateLayers(grammar, forced ? { seed, choose: forced, strictChoices: false } : { seed });
    return {
      artifact,
      violations: artifact.violations,
      choose: artifact.choices ?? {},
      size: artifact.layers.reduce((n, l) => n + l.placed.length, 0),
      summary: () => layerArtifactJson(artifact),
      model: () => artifact.model,
    };
  },
  text: (artifact) => formatLayerText({ ...artifact, violations: NO_VIOLATIONS }),
  shrink(art, current) {
    const out: Array<Record<string, string>> = [];
    for (let i = art.layers.length - 1; i >= 0; i--) {
      const l = art.layers[i] as LayerArtifact['layers'][number];
      for (const k of l.placed) out.push({ ...current, [`${l.name}:${k}`]: 'off' });
    }
    return out;
  },
  unit: 'placed sites',
};
