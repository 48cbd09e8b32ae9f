/** Helpers shared by the tests of generation, checks and the CLI. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GramlogError } from '../src/errors.js';
import { loadProgram } from '../src/program/load.js';
import type { Program } from '../src/program/program.js';

export const repoRoot = resolve(import.meta.dirname, '..');

/** A file of the repository (e.g. `rules/dungeon.gdl`) as text. */
export function readRepoFile(path: string): string {
  return readFileSync(resolve(repoRoot, path), 'utf8');
}

/** Rule text loaded as a program (diagnostics kept, nothing thrown). */
export function load(text: string, file = 'x.gdl'): Program {
  return loadProgram([{ text, file }]);
}

/** A file of the repository loaded as a program, named by its path. */
export function loadFile(path: string): Program {
  return load(readRepoFile(path), path);
}

/** The GramlogError `f` throws (anything else thrown propagates; no throw fails). */
export function errorOf(f: () => unknown): GramlogError {
  try {
    f();
  } catch (e) {
    if (e instanceof GramlogError) return e;
    throw e;
  }
  throw new Error('expected a GramlogError');
}

/**
 * Whether `path` (under ../shared, the data shared next to a checkout) exists;
 * when it does not, say in one line which tests are skipped and why.
 */
export function sharedPresent(path: string, tests: string): boolean {
  const present = existsSync(path);
  if (!present) console.log(`skipped: ${tests}: they need ${path} (the shared GGP corpus beside this checkout, absent in a fresh clone)`);
  return present;
}
