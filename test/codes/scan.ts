/**
 * A static scan of src/ for error codes in raising positions: the first
 * argument of `new GramlogError(...)` and of the helpers that build findings
 * (`fail`, `diag`, `error`, `warning`), `code: '...'` in diagnostic objects,
 * `check: '...'` in notes, `error[...]` / `warning[...]` in printed text, and codes
 * chosen by a condition (`c ? 'area/a' : 'area/b'`, `x ?? 'area/c'`). Codes
 * built from a template (`generate/${name}`) are listed in TEMPLATES with
 * what they expand to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../helpers.js';

export interface RaisedCode {
  code: string;
  /** `src/...:LINE` */
  site: string;
}

/** Code templates in raising positions, by the template's text, with every code they can make. */
export const TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  // src/generate/grammar/grammar.ts: limit(program, base, 'maxdepth' | 'maxnodes', ...) and startArguments
  'generate/${name}': ['generate/maxdepth', 'generate/maxnodes', 'generate/startarg'],
};

/** Words that stand for a code in help text (`error[code]`), not codes; MIME types are not codes either. */
const PLACEHOLDERS = new Set(['code', 'check']);

const SHAPE = "[a-z][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)?";
const PATTERNS: RegExp[] = [
  new RegExp(`GramlogError\\(\\s*'(${SHAPE})'`, 'g'),
  new RegExp(`\\bcode:\\s*'(${SHAPE})'`, 'g'),
  new RegExp(`\\b(?:fail|diag|error|warning|report|wrap)\\(\\s*'(${SHAPE})'`, 'g'),
  new RegExp(`\\bcheck:\\s*'(${SHAPE})'`, 'g'),
  new RegExp(`(?:error|warning)\\[(${SHAPE})\\]`, 'g'),
  // a code chosen by a condition, or a fallback: c ? 'area/a' : 'area/b', x ?? 'area/c'
  /\?\s*'([a-z]+\/[a-z0-9-]+)'\s*:/g,
  /\?\s*'[a-z]+\/[a-z0-9-]+'\s*:\s*'([a-z]+\/[a-z0-9-]+)'/g,
  /\?\?\s*'([a-z]+\/[a-z0-9-]+)'/g,
];
const TEMPLATE = /(?:GramlogError\(\s*|\bcode:\s*|\bcheck:\s*)`([^`]*\$\{[^`]*)`/g;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Every code in a raising position in src/ (outside src/codes/), and the templates met that TEMPLATES lacks. */
export function scanSources(): { codes: RaisedCode[]; unknownTemplates: RaisedCode[] } {
  const codes: RaisedCode[] = [];
  const unknownTemplates: RaisedCode[] = [];
  const src = join(repoRoot, 'src');
  for (const path of files(src)) {
    const rel = relative(repoRoot, path).split('\\').join('/');
    if (rel.startsWith('src/codes/')) continue;
    const text = readFileSync(path, 'utf8');
    for (const re of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const code = m[1] as string;
        if (PLACEHOLDERS.has(code) || /^(application|text|image)\//.test(code)) continue;
        codes.push({ code, site: `${rel}:${lineOf(text, m.index)}` });
      }
    }
    for (const m of text.matchAll(TEMPLATE)) {
      const t = m[1] as string;
      const site = `${rel}:${lineOf(text, m.index)}`;
      const expansions = TEMPLATES[t];
      if (!expansions) unknownTemplates.push({ code: t, site });
      else for (const code of expansions) codes.push({ code, site });
    }
  }
  return { codes, unknownTemplates };
}
