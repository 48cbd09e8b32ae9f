/**
 * `gramlog generate` on a layer file (a program with `(layer NAME ORDER)`).
 * Called by the generate command; owned by the layers module.
 *
 * Reads from the generate command's parsed options: `--seed S` (default 0),
 * `--json`, and `--param KEY=VALUE` (repeatable). Prints the layers as text
 * (grids when keys are two-argument compounds) or JSON
 * `{"seed", "layers": [{"name", "order", "sites", "base", "mask", "placed"}], "violations"?}`.
 * Exit codes: 0 ok; 1 invalid file, a generation failure (a group no draw
 * satisfies), or `(violation ...)` facts derived (printed with the artifact).
 */
import { GramlogError } from '../../errors.js';
import { formatLayerText, generateLayers, isLayerProgram as declaresLayers, layerArtifactJson } from '../../generate/layers/index.js';
import type { Program } from '../../program/program.js';
import { boolOpt, listOpt, stringOpt, type Parsed } from '../args.js';
import { EXIT, UsageError, type Io } from '../io.js';

/** True when the program declares layers (it has `layer/2` facts or rules). */
export function isLayerProgram(program: Program): boolean {
  return declaresLayers(program);
}

/** `--param KEY=VALUE` options as a record (a later KEY wins). */
export function readParams(args: Parsed, command = 'generate'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of listOpt(args, 'param')) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`gramlog ${command}: --param takes KEY=VALUE, not '${p}'`);
    out[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  return out;
}

/** The seed option: a number when it is written as a whole number, else the text; 0 by default. */
export function readSeed(args: Parsed): number | string {
  const s = stringOpt(args, 'seed');
  if (s === undefined) return 0;
  return /^-?\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : s;
}

export function runLayerGenerate(program: Program, args: Parsed, io: Io, _sources: Map<string, string>): number {
  const params = readParams(args);
  const seed = readSeed(args);
  let artifact;
  try {
    artifact = generateLayers(program, { seed, params });
  } catch (e) {
    if (e instanceof GramlogError && e.code === 'layers/param') throw new UsageError(`gramlog generate: ${e.message}`);
    throw e;
  }
  if (boolOpt(args, 'json')) io.out(JSON.stringify(layerArtifactJson(artifact), null, 2) + '\n');
  else io.out(formatLayerText(artifact));
  if (artifact.violations.length > 0) {
    io.err(`gramlog generate: seed ${artifact.seed} derives ${artifact.violations.length} violation fact(s)\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}
