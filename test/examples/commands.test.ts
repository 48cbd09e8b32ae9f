/**
 * Every gramlog command the README and the headers of the example files show
 * is run here, and what the README prints after a `$ npx gramlog ...` line is
 * compared with what the command prints (a line `…` or `...` stands for any
 * number of lines). Commands shown without output must run without a usage
 * error, with the exit code a `# exit N` comment gives; to keep the suite
 * fast, their --runs, --count and --playouts are capped at 20 (the options
 * and files are what such a run checks).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../cli/fake-io.js';

/** Files the README's examples read that are not in the repository. */
const README_FILES = { 'bad.kif': '; a rule with an unsafe variable\n(<= (p ?x ?y) (base ?x))\n' };

/** Shell words of a command line: quotes, `dir/*.ext` globs; stops at a pipe, a redirection or a comment. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) {
    const bare = m[3];
    if (bare !== undefined && /^(\||>|>>|#|&&|;)$/.test(bare)) break;
    const word = m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? (bare as string);
    const glob = bare !== undefined ? /^(.*)\/\*(\.\w+)$/.exec(bare) : null;
    if (glob) {
      const [, dir, ext] = glob as unknown as [string, string, string];
      words.push(...readdirSync(join(repoRoot, dir)).filter((f) => f.endsWith(ext)).sort().map((f) => `${dir}/${f}`));
    } else words.push(word);
  }
  return words;
}

/** `--runs`, `--count`, `--playouts` (and -n) values above 20 lowered to 20. */
function capCounts(argv: string[]): string[] {
  return argv.map((w, i) => (i > 0 && /^(--runs|--count|--playouts|-n)$/.test(argv[i - 1] as string) && Number(w) > 20 ? '20' : w));
}

interface Example {
  where: string;
  argv: string[];
  /** The printed output the README shows, or undefined when it shows none. */
  expected?: string[];
  exit?: number;
}

function readmeExamples(): Example[] {
  const out: Example[] = [];
  // the docs' commands: test/docs/commands.test.ts
  for (const file of ['README.md']) out.push(...examplesIn(file));
  return out;
}

function examplesIn(file: string): Example[] {
  const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
  const out: Example[] = [];
  let inBlock = false;
  let current: Example | undefined;
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (line.startsWith('```')) {
      inBlock = !inBlock;
      current = undefined;
      return;
    }
    if (!inBlock) return;
    const shown = /^\$ (?:npx )?gramlog (.*)$/.exec(line);
    if (shown) {
      current = { where, argv: shellWords(shown[1] as string), expected: [] };
      out.push(current);
      return;
    }
    if (current) {
      current.expected?.push(line);
      return;
    }
    const plain = /(?:^|&& )(?:npx )?gramlog (.*)$/.exec(line);
    if (plain) {
      current = undefined;
      const exit = /# exit (\d)/.exec(line);
      out.push({ where, argv: capCounts(shellWords(plain[1] as string)), ...(exit ? { exit: Number(exit[1]) } : {}) });
      return;
    }
  });
  out.splice(0, out.length, ...out.filter((e) => e.argv[0] !== 'serve'));
  // `gramlog serve` runs until stopped; test/web/serve.test.ts checks what its README example prints.
  for (const e of out) {
    while (e.expected && e.expected.length > 0 && e.expected[e.expected.length - 1] === '') e.expected.pop();
  }
  return out;
}

function headerExamples(): Example[] {
  const files = ['rules', 'games', 'games/broken'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir))
      .filter((f) => /\.(gdl|kif)$/.test(f))
      .map((f) => `${dir}/${f}`),
  );
  const out: Example[] = [];
  for (const file of files.sort()) {
    const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /^;+\s+(?:npx )?gramlog ((?:query|validate|simulate|generate|analyze|check) [\w./-]+\.(?:gdl|kif)\b.*)$/.exec(line);
      if (m) out.push({ where: `${file}:${i + 1}`, argv: shellWords(m[1] as string) });
    });
  }
  return out;
}

/** Whether `actual` lines match `expected`, where an expected `…`/`...` line matches any run of lines. */
export function matchLines(expected: readonly string[], actual: readonly string[]): boolean {
  const go = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    const want = expected[e] as string;
    if (/^\s*(…|\.\.\.)\s*$/.test(want)) {
      for (let k = a; k <= actual.length; k++) if (go(e + 1, k)) return true;
      return false;
    }
    return a < actual.length && actual[a] === want && go(e + 1, a + 1);
  };
  return go(0, 0);
}

describe('matchLines', () => {
  it('matches lines exactly, with … for any run of lines', () => {
    expect(matchLines(['a', '…', 'd'], ['a', 'b', 'c', 'd'])).toBe(true);
    expect(matchLines(['a', '  ...'], ['a'])).toBe(true);
    expect(matchLines(['a', 'd'], ['a', 'b', 'd'])).toBe(false);
    expect(matchLines(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('README commands print what the README shows', () => {
  const examples = readmeExamples();
  it('finds the examples', () => {
    expect(examples.filter((e) => e.expected).length).toBeGreaterThanOrEqual(7);
  });
  for (const ex of examples) {
    it(`${ex.where}: gramlog ${ex.argv.join(' ')}`, async () => {
      const r = await runCli(ex.argv, README_FILES);
      expect(r.code, r.stderr).toBeLessThan(2);
      if (ex.exit !== undefined) expect(r.code).toBe(ex.exit);
      if (ex.expected) {
        const printed = (r.stdout !== '' ? r.stdout : r.stderr).replace(/\n$/, '').split('\n');
        if (!matchLines(ex.expected, printed)) expect(printed.join('\n')).toBe(ex.expected.join('\n'));
      }
    });
  }
});

describe('commands in the headers of the example files run as shown', () => {
  const examples = headerExamples();
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
  });
  for (const ex of examples) {
    it(`${ex.where}: gramlog ${ex.argv.join(' ')}`, async () => {
      const r = await runCli(ex.argv);
      expect(r.code, r.stderr).toBeLessThan(2);
      expect(r.stdout).not.toBe('');
    });
  }

  it('rules/check-broken.gdl: the replay its header shows is the one check prints', async () => {
    const lines = readFileSync(join(repoRoot, 'rules/check-broken.gdl'), 'utf8').split('\n');
    const check = lines.find((l) => /^;\s+gramlog check /.test(l)) as string;
    const replay = lines.find((l) => /# the replay check prints/.test(l)) as string;
    const r = await runCli(shellWords(check.replace(/^;\s+gramlog /, '')));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`replay:\n  ${replay.replace(/^;\s+/, '').replace(/\s+#.*$/, '')}\n`);
  });
});
