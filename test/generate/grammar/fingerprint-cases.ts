/**
 * The cases of the output fingerprint (fingerprint.test.ts): every tree
 * grammar in rules/ and docs/examples/, many seeds, in every format, with
 * --explain, a param and a forced choice, hashed per grammar. Plain data and
 * one function over a style, so the same code can fingerprint an older build
 * (import its dist/generate/grammar/style.js) when the recorded values are
 * renewed on purpose.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FingerprintStyle {
  compile(sources: Array<{ file: string; text: string }>, options: { params?: Record<string, string> }): { grammar: unknown };
  generate(grammar: unknown, seed: number, options: { explain?: boolean; choose?: string[] }): unknown;
  violations(artifact: unknown): readonly string[];
  format(artifact: unknown, format: 'json' | 'text' | 'dot', violations: readonly string[]): string;
  explain?(artifact: unknown, violations: readonly string[]): string;
}

/** The tree grammars (files with `(start ...)` or `(rule ...)` statements), relative to `root`. */
export function treeGrammars(root: string): string[] {
  return ['rules', 'docs/examples']
    .flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith('.gdl')).map((f) => `${d}/${f}`))
    .filter((f) => /^\((rule|start) /m.test(readFileSync(join(root, f), 'utf8')))
    .sort();
}

export const SEEDS = 150;

/** A hash of everything generate prints for `file` over the cases. */
export function fingerprint(style: FingerprintStyle, root: string, file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const hash = createHash('sha256');
  const params = [...text.matchAll(/^\(param ([a-z]+) (\d+)\)/gm)].map((m) => [m[1] as string, Number(m[2])] as const);
  const rules = [...text.matchAll(/^\(rule ([a-z]\w*) ([a-z]\w*) /gm)].map((m) => m[2] as string);
  const run = (label: string, options: { params?: Record<string, string> }, seeds: number, each: (g: unknown, seed: number) => string) => {
    hash.update(`\n# ${label}\n`);
    const { grammar } = style.compile([{ file, text }], options);
    for (let seed = 0; seed < seeds; seed++) {
      try {
        // hashed as recorded: the format tag of version 2 (version 3 added only the optional "satisfy" key,
        // version 4 only "violationRules" beside "violations"); --explain's facts without the rule
        // that derived each (" [rule FILE:LINE]", added after the values were recorded)
        hash.update(
          each(grammar, seed)
            .replace('"format":"generate-tree/4"', '"format":"generate-tree/2"')
            .replace(/,"violationRules":\[[^\]]*\]/g, '')
            .replace(/ \[rule [^\]\s]*\]/g, ''),
        );
      } catch (e) {
        hash.update(`error ${(e as Error).message}`);
      }
    }
  };
  const plain = (format: 'json' | 'text' | 'dot') => (g: unknown, seed: number) => {
    const a = style.generate(g, seed, {});
    return style.format(a, format, style.violations(a));
  };
  for (const format of ['json', 'text', 'dot'] as const) run(format, {}, SEEDS, plain(format));
  run('explain', {}, 20, (g, seed) => {
    const a = style.generate(g, seed, { explain: true });
    return style.explain?.(a, style.violations(a)) ?? '';
  });
  for (const [k, v] of params) run(`param ${k}`, { params: { [k]: String(Math.max(1, Math.floor(v / 2))) } }, 60, plain('json'));
  for (const r of rules.slice(0, 2)) {
    run(`choose ${r}`, {}, 40, (g, seed) => {
      const a = style.generate(g, seed, { choose: [`n=${r}`] });
      return style.format(a, 'json', style.violations(a));
    });
  }
  return hash.digest('hex').slice(0, 32);
}
