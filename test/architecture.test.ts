/**
 * The code map of docs/design/architecture.md, enforced: every import of src/
 * (static, dynamic, `import type`, `export ... from`) goes from a unit (a
 * top-level folder or file of src/) to a unit on a lower floor, so the units
 * form an acyclic graph. A failure names the file, the line and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readRepoFile, repoRoot } from './helpers.js';

const src = join(repoRoot, 'src');
const MAP = 'docs/design/architecture.md';

/** One import of one file: where it is and the unit it reaches. */
interface Arrow {
  file: string;
  line: number;
  spec: string;
  from: string;
  to: string;
}

/** The floors of the code map: unit name (`cli`, `errors`) → floor, from the table under "## Code map". */
function floorsOf(doc: string): Map<string, number> {
  const section = doc.split(/^## /m).find((s) => s.startsWith('Code map'));
  if (section === undefined) throw new Error(`${MAP} has no "## Code map" section`);
  const floors = new Map<string, number>();
  for (const row of section.matchAll(/^\|\s*(\d+)\s*\|([^|]*)\|/gm)) {
    for (const unit of row[2]!.matchAll(/`src\/([^`/]+?)(?:\/|\.ts)`/g)) floors.set(unit[1]!, Number(row[1]));
  }
  return floors;
}

/** The unit of a path under src/: its first segment, without `.ts` for a top-level file. */
function unitOf(path: string): string {
  const first = relative(src, path).split(sep)[0]!;
  return first.replace(/\.(ts|mts|js|mjs)$/, '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|mts|mjs)$/.test(f) && !/\.d\.m?ts$/.test(f) ? [p] : [];
  });
}

/** Every relative import of `text` (the file at `file`) that reaches another unit of src/. */
function arrowsOf(file: string, text: string): Arrow[] {
  const from = unitOf(file);
  const out: Arrow[] = [];
  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    if (!imported.fileName.startsWith('.')) continue;
    const target = resolve(dirname(file), imported.fileName);
    if (!target.startsWith(src + sep)) continue;
    const to = unitOf(target);
    if (to === from) continue;
    const line = text.slice(0, imported.pos).split('\n').length;
    out.push({ file: relative(repoRoot, file), line, spec: imported.fileName, from, to });
  }
  return out;
}

/** The arrows against the floors, each as `file:line imports 'spec': from (floor a) may not import to (floor b)`. */
function upwardArrows(arrows: readonly Arrow[], floors: ReadonlyMap<string, number>): string[] {
  return arrows
    .filter((a) => !(floors.get(a.to)! < floors.get(a.from)!))
    .map((a) => `${a.file}:${a.line} imports '${a.spec}': ${a.from} (floor ${floors.get(a.from)}) may not import ${a.to} (floor ${floors.get(a.to)})`);
}

/** The cycles between units (one per strongly connected set), each as its arrows with one file and import per arrow. */
function unitCycles(arrows: readonly Arrow[]): string[] {
  const next = new Map<string, Map<string, Arrow>>();
  for (const a of arrows) {
    if (!next.has(a.from)) next.set(a.from, new Map());
    if (!next.get(a.from)!.has(a.to)) next.get(a.from)!.set(a.to, a);
  }
  const cycles: string[] = [];
  const done = new Set<string>();
  const walk = (unit: string, path: string[]): void => {
    for (const [to, a] of next.get(unit) ?? []) {
      const at = path.indexOf(to);
      if (at >= 0) {
        const loop = [...path.slice(at), to];
        const steps = loop.slice(0, -1).map((u, i) => {
          const arrow = next.get(u)!.get(loop[i + 1]!)!;
          return `${u} -> ${loop[i + 1]} (${arrow.file}:${arrow.line} imports '${arrow.spec}')`;
        });
        cycles.push(steps.join(', '));
      } else if (!done.has(to)) walk(to, [...path, to]);
    }
    done.add(unit);
  };
  for (const unit of [...next.keys()].sort()) if (!done.has(unit)) walk(unit, [unit]);
  return [...new Set(cycles)];
}

const floors = floorsOf(readRepoFile(MAP));
const arrows = sourceFiles(src).flatMap((f) => arrowsOf(f, readFileSync(f, 'utf8')));

describe(`the code map (${MAP})`, () => {
  it('places every top-level folder and file of src/ on a floor, and nothing else', () => {
    const units = [...new Set(sourceFiles(src).map(unitOf))].sort();
    expect(units.filter((u) => !floors.has(u)).map((u) => `src/${u} is on no floor of the code map`)).toEqual([]);
    expect([...floors.keys()].filter((u) => !units.includes(u)).map((u) => `the code map names src/${u}, which holds no source`)).toEqual([]);
  });

  it('every import of src/ goes down a floor', () => {
    expect(arrows.length).toBeGreaterThan(500);
    expect(upwardArrows(arrows, floors)).toEqual([]);
  });

  it('no cycle between the top-level folders of src/', () => {
    expect(unitCycles(arrows)).toEqual([]);
  });

  it('a planted upward import is named with its file, line and import, and closes a named cycle', () => {
    const planted = arrowsOf(join(src, 'engine', 'planted.ts'), "import { x } from './evaluate.js';\nimport type { Style } from '../generate/style.js';\n");
    expect(planted).toEqual([{ file: 'src/engine/planted.ts', line: 2, spec: '../generate/style.js', from: 'engine', to: 'generate' }]);
    expect(upwardArrows(planted, floors)).toEqual(["src/engine/planted.ts:2 imports '../generate/style.js': engine (floor 4) may not import generate (floor 5)"]);
    expect(unitCycles([...arrows, ...planted]).some((c) => c.includes("engine -> generate (src/engine/planted.ts:2 imports '../generate/style.js')"))).toBe(true);
  });

  it('reads dynamic imports, type-only imports and re-exports as arrows too', () => {
    const text = "const m = await import('./cli/main.js');\ntype T = import('./lsp/server.js').X;\nexport * from './web/main.js';\n";
    expect(arrowsOf(join(src, 'errors.ts'), text).map((a) => `${a.line} ${a.to}`)).toEqual(['1 cli', '2 lsp', '3 web']);
  });
});
