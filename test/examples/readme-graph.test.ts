// The README's graph grammar examples: each `$ gramlog ...` block prints what the README shows.
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/fake-io.js';
import { readRepoFile } from '../helpers.js';

const readme = readRepoFile('docs/guides/graph-grammars.md');
const section = readme.slice(readme.indexOf('## The two formats in full'));
// a block may end with `…`: the start of a long output
const blocks = [...section.matchAll(/```console\n\$ (gramlog [^\n]+)\n([\s\S]*?)```/g)].map((m) => ({ command: m[1] as string, shown: (m[2] as string).replace(/…\n$/, '') }));

describe('README: graph grammars', () => {
  it('has the examples', () => expect(blocks.length).toBe(5));
  for (const { command, shown } of blocks) {
    it(command, async () => {
      const r = await runCli(command.split(' ').slice(1));
      // a block may show the start of a long output
      expect(r.stdout.startsWith(shown)).toBe(true);
    });
  }
});
