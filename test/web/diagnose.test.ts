/**
 * The playground's live diagnostics (the worker's `analyze`) and the CLI's
 * report the same codes, severities, messages and line:col for the same
 * text: both go through the library's `diagnose` / `Style.compile`. Every
 * example file, every broken game, and hand-made broken generator files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/web/analyze.js';
import { readRepoFile, repoRoot } from '../helpers.js';
import { runCli } from '../cli/fake-io.js';

const list = (dir: string) =>
  readdirSync(join(repoRoot, dir))
    .filter((f) => /\.(kif|gdl|bp|json)$/.test(f))
    .map((f) => `${dir}/${f}`);

const HAND_MADE: Record<string, string> = {
  'broken/unclosed.gdl': '(start s)\n(rule s a 1\n',
  'broken/no-start.gdl': '(rule s a 1)\n',
  'broken/unknown-rule.gdl': '(start s)\n(rule s a 1)\n(<= (forbid ?n b) (symbol ?n s))\n',
  'broken/unreachable.gdl': '(start s)\n(rule s a 1)\n(rule t b 1)\n',
  'broken/layers-forward.gdl': '(layer a 1) (layer b 2)\n(site a 1) (site b 1)\n(<= (allow a ?k) (site a ?k) (placed b ?k))\n',
  'broken/graph.json': '{"start": "S", "rules": [{"name": "r", "lhs": {"nodes": [{"id": "a", "label": "S"}]}, "rhs": {"nodes": [}}]}\n',
  'broken/graph.gdl': '(graphstart S)\n(graphrule r 1)\n(rewrite r (node ?a S)\n',
  'broken/lib.bp': '@blueprint A\n  @property x = (rand 5 1)\n@end\n@blueprint B : Missing\n@end\n',
  'broken/game-caps.kif': '(ROLE robot)\n(init (on))\n(<= (legal robot x) (true (on)))\n(<= terminal (true (on)))\n(<= (goal robot 100) (true (on)))\n',
};

/** `file:line:col: severity[code]: message` lines of a CLI's stderr (and `file: severity[code]: message`). */
function cliLines(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^(\S+?)(?::(\d+):(\d+))?: (error|warning)\[([^\]]+)\]: (.*)$/.exec(line);
    if (m) out.push(`${m[2] ?? '-'}:${m[3] ?? '-'} ${m[4]}[${m[5]}] ${m[6]}`);
  }
  return out.sort();
}

const key = (d: { code: string; severity: string; message: string; line?: number | undefined; column?: number | undefined }) =>
  `${d.line ?? '-'}:${d.column ?? '-'} ${d.severity}[${d.code}] ${d.message}`;

/** What the CLI reports when it loads the file as its kind. */
async function cli(file: string, kind: string, files: Record<string, string>, liveErrors: boolean): Promise<{ lines: string[]; partial: boolean }> {
  switch (kind) {
    case 'game': {
      const r = await runCli(['validate', file, '--json', '--max-states', '2000', '--playouts', '5'], files);
      const j = JSON.parse(r.stdout) as { findings: Array<{ check: string; severity: string; message: string; line?: number; column?: number }> };
      // validation stops at static errors; a game without them is played on: then the live findings are a part of its report
      return { lines: j.findings.map((f) => key({ ...f, code: f.check })).sort(), partial: !liveErrors };
    }
    case 'rules':
      return { lines: cliLines((await runCli(['query', file, '--count-only'], files)).stderr), partial: false };
    case 'blueprints':
      // the library's findings are printed before the (unknown) NAME is looked up
      return { lines: cliLines((await runCli(['generate', file, '--blueprint', '\u0001'], files)).stderr), partial: false };
    default: {
      const r = await runCli(['generate', file, '--seed', '0'], files);
      // a generation error of seed 0 is no load finding: the live view reports it only when the panel runs
      return { lines: cliLines(r.stderr).filter((l) => !/seed \d+|generation ran|all-zero|maxnodes/.test(l)), partial: false };
    }
  }
}

const examples = [...list('rules'), ...list('games'), ...list('games/broken'), ...Object.keys(HAND_MADE)];

describe('live diagnostics are the CLI\'s', () => {
  it.each(examples)('%s', async (file) => {
    const files = HAND_MADE[file] !== undefined ? { [file]: HAND_MADE[file] } : {};
    const text = HAND_MADE[file] ?? readRepoFile(file);
    const live = analyze(text, file);
    const liveLines = live.diagnostics.map(key).sort();
    const got = await cli(file, live.kind, files, live.diagnostics.some((d) => d.severity === 'error'));
    if (got.partial) for (const l of liveLines) expect(got.lines, `${file} (${live.kind})`).toContain(l);
    else expect(liveLines, `${file} (${live.kind})`).toEqual(got.lines);
  }, 30_000);

  it('recognises a game written with capitalised keywords as a game', () => {
    const a = analyze(HAND_MADE['broken/game-caps.kif']!, 'g.kif');
    expect(a.kind).toBe('game');
    expect(analyze(readRepoFile('games/broken/capitalisation.kif'), 'c.kif').kind).toBe('game');
  });

  it('reads a layer file with (next A B) facts and a rule file with (goal ?g) as generate and analyze do, not as games', () => {
    const map = analyze(readRepoFile('rules/map.gdl'), 'rules/map.gdl');
    expect(map.kind).toBe('layers');
    expect(map.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const checks = analyze(readRepoFile('rules/mission-checks.gdl'), 'rules/mission-checks.gdl');
    expect(checks.kind).toBe('rules');
    expect(checks.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // a game is told by its roles, even where a style would claim a relation of its own ((start 1 1) of a maze)
    expect(analyze(readRepoFile('games/maze.kif'), 'games/maze.kif').kind).toBe('game');
  });

  it('reads a text as the kind chosen on the page', () => {
    const text = '(p 1)\n';
    expect(analyze(text, 'x.kif').kind).toBe('rules');
    const asGrammar = analyze(text, 'x.kif', 'rules', 'grammar');
    expect(asGrammar.kind).toBe('grammar');
    expect(asGrammar.recognised).toBe(false);
    expect(asGrammar.diagnostics.map((d) => d.code)).toEqual(['generate/no-start']);
  });

  it('gives a grammar\'s compile warnings, as generate prints them', () => {
    const a = analyze(HAND_MADE['broken/unreachable.gdl']!, 'u.gdl');
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['generate/unreachable', 'warning', 3]]);
  });
});
