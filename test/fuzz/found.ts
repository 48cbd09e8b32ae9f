/**
 * Saved failures: one folder per failing case under test/fuzz/found/, with the
 * input files and a command.json ({kind, argv, files, broken, ...} or
 * {kind: "api", call, broken}). found.test.ts replays every one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCase, FuzzCase } from './harness.js';

export const FOUND_DIR = fileURLToPath(new URL('./found/', import.meta.url));

export interface SavedCommand {
  kind: string;
  argv?: string[];
  /** The input files of the folder, by name. */
  files?: string[];
  call?: unknown;
  /** What the case broke when it was found. */
  broken: string[];
  /** The case runs on disk (harness.ts: CliCase.disk). */
  disk?: boolean;
  /** When set, the replay skips the case: why it is still open (e.g. `branch work: solver budget`). */
  open?: string;
  found?: string;
}

/** Save a failing case (unless an identical one is saved); returns its folder. */
export function saveCase(c: FuzzCase, broken: string[]): string {
  const hash = createHash('sha1').update(JSON.stringify(c)).digest('hex').slice(0, 10);
  const dir = join(FOUND_DIR, `${c.kind}-${hash}`);
  if (existsSync(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  const command: SavedCommand = { kind: c.kind, broken, found: new Date().toISOString() };
  if (c.kind === 'api') command.call = (c as { call: unknown }).call;
  else {
    const cli = c as CliCase;
    command.argv = cli.argv;
    command.files = Object.keys(cli.files);
    if (cli.disk) command.disk = true;
    for (const [name, text] of Object.entries(cli.files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  }
  writeFileSync(join(dir, 'command.json'), JSON.stringify(command, null, 2) + '\n');
  return dir;
}

/** Every saved case: its folder name, the case, and the command.json. */
export function loadSaved(): Array<{ name: string; case: FuzzCase; command: SavedCommand }> {
  if (!existsSync(FOUND_DIR)) return [];
  const out: Array<{ name: string; case: FuzzCase; command: SavedCommand }> = [];
  for (const name of readdirSync(FOUND_DIR).sort()) {
    const file = join(FOUND_DIR, name, 'command.json');
    if (!existsSync(file)) continue;
    const command = JSON.parse(readFileSync(file, 'utf8')) as SavedCommand;
    if (command.kind === 'api') out.push({ name, command, case: { kind: 'api', call: command.call } as FuzzCase });
    else {
      const files: Record<string, string> = {};
      for (const f of command.files ?? []) files[f] = readFileSync(join(FOUND_DIR, name, f), 'utf8');
      out.push({ name, command, case: { kind: command.kind, argv: command.argv ?? [], files, ...(command.disk ? { disk: true } : {}) } });
    }
  }
  return out;
}
