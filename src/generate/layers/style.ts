/**
 * The sequential-layers style (rule files declaring `(layer NAME ORDER)`)
 * behind the one Style contract (../style.ts). The modules are imported one
 * by one, not through ./index.ts, and the analysis (which loads the SAT
 * solver) only when `analyze` runs.
 */
import { applyParams } from '../params.js';
import { findings, loadSources } from '../style-load.js';
import { placeOf, type Analysis, type Style } from '../style.js';
import { appendViolations, violationNeverFires } from '../violations.js';
import { parseLayerChoices } from './choices.js';
import { explainLayers } from './explain.js';
import { formatLayerText, layerArtifactJson } from './format.js';
import { generateLayers, type LayerArtifact } from './generate.js';
import { isLayerProgram, prepareLayers, type LayerGrammar } from './prepare.js';
import { LAYERS_SCHEMA } from './schema.js';
import { layersCheck } from './check-artifact.js';
import { layersSatisfy } from './satisfy.js';
import { loadLogic } from './logic.js';
import { drawSeed } from '../satisfy/draws.js';
import { formatTiled, layerTilesetPng } from './tiled.js';
import { layersSvg } from './svg.js';
import { layersPng } from './png.js';
import { layersPanel } from './playground.js';

export const layersStyle: Style<LayerGrammar, LayerArtifact> = {
  name: 'layers',
  title: 'layer file',
  schema: LAYERS_SCHEMA,
  formats: ['text', 'json', 'tiled', 'tileset', 'svg', 'png'],
  extraFiles: 'rules',
  accepts: { choose: 'LAYER:KEY=on|off', transform: true },
  recogniseProgram: isLayerProgram,
  compile(sources, options = {}) {
    const loaded = loadSources(sources, options, LAYERS_SCHEMA);
    if (!loaded.program) return { style: 'layers', grammar: undefined, diagnostics: loaded.diagnostics };
    const program = loaded.program;
    const c = findings(() => prepareLayers(program, options.params ? { params: options.params } : {}));
    return { style: 'layers', grammar: c.value, program, diagnostics: [...loaded.diagnostics, ...(c.value ? c.value.warnings : c.diagnostics)] };
  },
  generate(grammar, seed, options = {}) {
    const choose = options.choose && options.choose.length > 0 ? parseLayerChoices(options.choose) : undefined;
    const artifact = generateLayers(grammar, { seed: drawSeed(seed, options.redraw), ...(options.explain ? { explain: true } : {}), ...(choose && choose.size > 0 ? { choose } : {}) });
    if (options.redraw) artifact.seed = seed;
    return artifact;
  },
  violations: (artifact) => artifact.violations,
  format(artifact, format, violations) {
    if (format === 'json') return JSON.stringify(layerArtifactJson(artifact)) + '\n';
    if (format === 'tiled') return formatTiled(artifact);
    if (format === 'svg') return layersSvg(artifact, violations.facts);
    return formatLayerText(artifact);
  },
  formatBytes: (artifact, format) => (format === 'tileset' ? layerTilesetPng(artifact) : layersPng(artifact)),
  explain: (artifact, violations) => appendViolations(explainLayers(artifact), violations),
  size: (artifact) => artifact.layers.reduce((n, l) => n + l.placed.length, 0),
  async analyze(sources, options = {}) {
    const loaded = loadSources(sources, options, LAYERS_SCHEMA);
    if (!loaded.program) return { diagnostics: loaded.diagnostics, analysis: undefined };
    const program = applyParams(loaded.program, options.params);
    const diagnostics = [...loaded.diagnostics, ...violationNeverFires(program, { placed: 2 })];
    // loaded here, not at start-up: the SAT solver takes a moment to load, and only analyze needs it
    const { analyzeLayers } = await import('./analyze.js');
    await loadLogic();
    const run = findings(() => analyzeLayers(program, options.solverAtoms !== undefined ? { solverAtoms: options.solverAtoms } : {}), true);
    const a = run.value;
    if (!a) return { diagnostics: [...diagnostics, ...run.diagnostics], analysis: undefined };
    const file = sources.map((s) => s.file).join(' ');
    const analysis: Analysis = {
      header: [`${file}: layers ${a.layers.map((l) => `${l.name} ${l.order}`).join(', ')}`],
      findings: a.findings.map((f) => ({
        code: f.code,
        severity: f.severity,
        message: f.message,
        ...(f.parts ? { parts: f.parts } : {}),
        ...(f.span ? { span: f.span } : {}),
        ...(f.outcome ? { detail: f.outcome.lines } : {}),
      })),
      notes: a.notes,
      json: {
        file,
        findings: a.findings.map((f) => ({
          check: f.code,
          severity: f.severity,
          layers: f.layers,
          message: f.message,
          ...placeOf(f.span),
          ...(f.outcome ? { outcome: f.outcome.facts } : {}),
        })),
      },
    };
    return { diagnostics, analysis };
  },
  checkSource: (compiled) => compiled.program,
  check: layersCheck,
  // the SAT solver that steers --satisfy, loaded before a browser's synchronous panels run
  satisfy: { ...layersSatisfy, prepare: async () => void (await loadLogic()) },
  playground: { panel: layersPanel },
};
