// The outputs the README prints for exact verdicts (analyze on rules/map.gdl)
// and shrunk counterexamples (check), compared with what the commands print.
import { describe, expect, it } from 'vitest';
import { readRepoFile } from '../helpers.js';
import { runCli } from '../cli/fake-io.js';

const readme = ['README.md', 'docs/guides/layers.md', 'docs/guides/check.md'].map(readRepoFile).join('\n');

/** The output under `$ npx gramlog ARGS` in a README code block. */
function shown(args: string): string {
  const start = readme.indexOf('```console\n$ gramlog ' + args + '\n');
  if (start < 0) throw new Error(`README shows no block for gramlog ${args}`);
  const body = readme.indexOf('\n', start + 11) + 1;
  return readme.slice(body, readme.indexOf('```\n', body));
}

describe('README examples of exact answers', () => {
  for (const args of ['analyze rules/map.gdl', 'check rules/check-broken.gdl --seed 2', 'check rules/flowers.gdl']) {
    it(`gramlog ${args} prints what the README shows`, async () => {
      const r = await runCli(args.split(' '));
      expect(r.stdout).toBe(shown(args));
    });
  }
});

describe('README wording that once went stale', () => {
  it('does not promise that shrinking moves the seed toward 0 (the seeds printed are often large)', () => {
    expect(readme).not.toMatch(/seed[^.]*toward 0/i);
    expect(readme).toMatch(/often still a large number/);
  });
});
