/**
 * The error index, docs/reference/errors.md, generated from the registry: one
 * `### code` section per code, grouped by area, with its severity, what
 * triggers it, the minimal example with the command and what the CLI prints
 * for it (run in-process here, so the page shows the real output), and the fix.
 *
 *   npm run docs:errors        (test/docs/tools/errors.ts writes the page)
 *
 * test/codes/ fails when the committed page differs from what this renders.
 */
import type { ExampleRun } from './example.js';
import type { CodeInfo } from './registry.js';

export const INDEX_PATH = 'docs/reference/errors.md';
export const REGENERATE = 'npm run docs:errors';

/** Output lines shown per example before it is cut. */
const MAX_LINES = 24;

/** Section titles for the areas, in page order; others follow in alphabetical order. */
const AREAS: ReadonlyArray<readonly [string, string]> = [
  ['syntax', 'Reading rule files (every file kind)'],
  ['program', 'Rules (every file kind)'],
  ['validate', 'GDL validation (`gramlog validate`)'],
  ['gdl', 'Playing GDL games'],
  ['engine', 'Evaluation limits'],
  ['facts', 'Fact tables (`--facts`)'],
  ['query', 'Queries (`gramlog query`)'],
  ['store', 'The fact store (API)'],
  ['generate', 'Tree grammars (`gramlog generate`)'],
  ['layers', 'Logic layers (`gramlog generate` on a layer file)'],
  ['graph', 'Graph grammars'],
  ['blueprint', 'Blueprints (`.bp`)'],
  ['check', 'Property tests (`gramlog check`)'],
  ['internal', 'Bugs in gramlog'],
];

/** Bare codes shared by every file kind (the rest of the bare codes are validator checks). */
const PROGRAM_CODES = new Set(['arity', 'builtin-arity', 'builtin-head', 'empty-or', 'or-expansion', 'safety', 'stratification']);

export function areaOf(code: string): string {
  const slash = code.indexOf('/');
  if (slash > 0) return code.slice(0, slash);
  if (code === 'internal') return 'internal';
  return PROGRAM_CODES.has(code) ? 'program' : 'validate';
}

/** GitHub's anchor for a `### code` heading. */
export function anchorOf(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.endsWith('\n') ? text : text + '\n'}${ticks}`;
}

function langOf(file: string): string {
  if (file.endsWith('.json')) return 'json';
  if (file.endsWith('.tsv') || file.endsWith('.csv') || file.endsWith('.bp')) return 'text';
  return 'lisp';
}

/** What the example printed, as a console transcript, cut after MAX_LINES lines. */
function transcript(command: string, run: ExampleRun): string {
  let lines = (run.stdout + run.stderr).replace(/\n$/, '').split('\n');
  if (lines.length > MAX_LINES) lines = [...lines.slice(0, MAX_LINES), `… (${lines.length - MAX_LINES} more lines)`];
  return `$ ${command}\n${lines.join('\n')}\n(exit code ${run.exit})`;
}

function section(info: CodeInfo, run: ExampleRun | undefined): string {
  const out = [`### ${info.code}`, ''];
  let severity = `**${info.severity}**`;
  if (info.otherSeverity) severity += ` (a **${info.otherSeverity.severity}** ${info.otherSeverity.when})`;
  out.push(`${severity}: ${info.title}`, '', info.explanation, '');
  if (info.example) {
    const ex = info.example;
    out.push(`Example, \`${ex.file}\`:`, '', fence(ex.text, langOf(ex.file)), '');
    for (const [name, text] of Object.entries(ex.others ?? {})) out.push(`with \`${name}\`:`, '', fence(text, langOf(name)), '');
    if (ex.outputVaries) out.push(fence(`$ ${ex.command}`, 'console'), '', `(What it prints varies from run to run: ${ex.outputVaries}.)`, '');
    else if (run) out.push(fence(transcript(ex.command, run), 'console'), '');
  } else {
    const where =
      info.reachableFrom === 'internal'
        ? 'Not expected: it reports a bug in gramlog.'
        : info.reachableFrom === 'large-input'
          ? 'Only an input far too large to show here triggers it.'
          : 'Raised only through the library (not by a command).';
    out.push(`*${where}*${info.apiNote ? ` ${info.apiNote}` : ''}`, '');
  }
  out.push(`**Fix:** ${info.fix}`, '');
  return out.join('\n');
}

/** The codes grouped by area, in page order, each group sorted by code. */
export function grouped(codes: readonly CodeInfo[]): Array<{ area: string; title: string; codes: CodeInfo[] }> {
  const byArea = new Map<string, CodeInfo[]>();
  for (const c of codes) {
    const a = areaOf(c.code);
    const list = byArea.get(a) ?? [];
    list.push(c);
    byArea.set(a, list);
  }
  const known = AREAS.map(([a]) => a);
  const order = [...known.filter((a) => byArea.has(a)), ...[...byArea.keys()].filter((a) => !known.includes(a)).sort()];
  return order.map((area) => ({
    area,
    title: AREAS.find(([a]) => a === area)?.[1] ?? `${area[0]?.toUpperCase()}${area.slice(1)}`,
    codes: (byArea.get(area) ?? []).slice().sort((x, y) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0)),
  }));
}

/** The page. `runs` holds each example's output by code. */
export function renderIndex(codes: readonly CodeInfo[], runs: ReadonlyMap<string, ExampleRun>): string {
  const groups = grouped(codes);
  const head = [
    '# Error index',
    '',
    `<!-- Generated from src/codes/ by \`${REGENERATE}\`: edit the registry, not this page. -->`,
    '',
    'Every error and warning code gramlog can print, as `error[CODE]` or `warning[CODE]`, with what triggers it, a minimal example, what the command prints for it, and the fix.',
    'Errors stop the command with exit code 1 (findings or invalid input); warnings are printed and the command goes on (exit code 0 unless something else fails).',
    'Usage errors (a bad option, an unreadable file: exit code 2) have no code; they print `error: ...` and the way to get help.',
    '`gramlog explain-code CODE` prints the entry of one code in the terminal.',
    '',
    ...groups.map((g) => `- [${g.title}](#${anchorOf(g.title)}): ${g.codes.map((c) => `[${c.code}](#${anchorOf(c.code)})`).join(', ')}`),
    '',
  ];
  const body = groups.map((g) => [`## ${g.title}`, '', ...g.codes.map((c) => section(c, runs.get(c.code)))].join('\n'));
  return head.join('\n') + '\n' + body.join('\n');
}
