/**
 * The packed package as a library, in a default `npm init` project that
 * installs the tarball: `require('gramlog')` and its subpaths
 * (`gramlog/grammar`, `gramlog/engine`, `gramlog/deprecated`) from CommonJS
 * work (Node 20.19+ loads the ES module graph through the `default` export
 * condition), and a
 * TypeScript consumer compiled with `tsc --strict`, without `skipLibCheck`,
 * compiles against the shipped declaration files (their `moo` types come with
 * the package: @types/moo is a dependency).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project = '';

beforeAll(() => {
  const tmp = mkdtempSync(join(tmpdir(), 'gramlog-consumer-'));
  project = join(tmp, 'my-project');
  execFileSync('mkdir', ['-p', project]);
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as { filename: string }[];
  execFileSync(npm, ['init', '-y'], { cwd: project, stdio: 'ignore' });
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(tmp, packed[0]!.filename)], { cwd: project, stdio: 'ignore' });
}, 180_000);

afterAll(() => {
  if (project) rmSync(join(project, '..'), { recursive: true, force: true });
});

describe('the packed package in a default npm project', () => {
  it("require('gramlog') and its subpaths from CommonJS give the API", () => {
    const script = [
      "const { parse, generate } = require('gramlog');",
      "const grammar = require('gramlog/grammar');",
      "const { evaluate, parseProgram } = require('gramlog/engine');",
      "const deprecated = require('gramlog/deprecated');",
      "console.log(parse('(p a)').statements.length);",
      "console.log(evaluate(parseProgram('(p a) (<= (q ?x) (p ?x))')).query('(q ?x)').join(' '));",
      "console.log(typeof generate, grammar.generate === deprecated.generate, typeof grammar.compileGrammar);",
    ].join('\n');
    writeFileSync(join(project, 'use.cjs'), script + '\n');
    const r = spawnSync(process.execPath, ['use.cjs'], { cwd: project, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('1\n(q a)\nfunction true function\n');
  });

  it('a tsc --strict consumer without skipLibCheck compiles against the shipped declarations', () => {
    const source = [
      "import { parse, compile, generate, type GeneratedOutput } from 'gramlog';",
      "import { compileGrammar, generateFrom, type Artifact } from 'gramlog/grammar';",
      "import { evaluate, parseProgram } from 'gramlog/engine';",
      "import { validateGame } from 'gramlog/deprecated';",
      "const n: number = parse('(p a)').statements.length;",
      "const facts: string[] = evaluate(parseProgram('(p a)')).query('(p ?x)');",
      "const make = (text: string): [GeneratedOutput, Artifact] => [generate(compile([{ file: 't.gdl', text }]), 1), generateFrom(compileGrammar(text), 1)];",
      "const ok: boolean = validateGame('(role r)').ok;",
      'export { n, facts, make, ok };',
    ].join('\n');
    writeFileSync(join(project, 'use.ts'), source + '\n');
    const options = { compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [] }, files: ['use.ts'] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(options));
    const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], { cwd: project, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
