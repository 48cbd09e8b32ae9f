/**
 * Reading DIR/manifest.json as data that may lie: the text is parsed with
 * spans, checked against schemas/manifest.schema.json (ajv), then checked for
 * what a schema cannot say: the range is the shard's part of the seeds, the
 * chunks are listed in order, each within the range and after the one before
 * it (a manifest that says complete: each right after the one before, from
 * the range's first seed to its last), each chunk names exactly the files gramlog writes for it (plain names in the
 * folder: `chunk-000003.jsonl`, or one `seed-000042.dot` per seed of the
 * chunk, in order), and its failures and violations are seeds of the chunk.
 * (`counts` are a summary both readers recompute, so they are only
 * type-checked.) Any break is a GramlogError located at the key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GramlogError } from '../../errors.js';
import { parseLargeJson, pathText, type JsonDocument, type JsonPath } from '../../syntax/json.js';
import { shardPart } from '../parallel/shard.js';
import { chunkName, seedFileName, type Manifest } from './manifest.js';

/** ajv's validator of the manifest schema: what this module needs of it. */
interface Validator {
  (value: unknown): boolean;
  errors?: Array<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }> | null;
}

let validator: Validator | undefined;

/**
 * The compiled schema. ajv is loaded on the first manifest read (merge,
 * --resume), not when a command starts: the CLI's other commands never pay
 * for it.
 */
function manifestValidator(): Validator {
  if (validator) return validator;
  const require = createRequire(import.meta.url);
  const mod = require('ajv/dist/2020.js') as { default: new (o: object) => { compile(s: object): Validator } };
  // src/cli/out, dist/cli/out and dist/cli/bundle are all three folders below the package root
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const schema = JSON.parse(readFileSync(join(root, 'schemas', 'manifest.schema.json'), 'utf8')) as object;
  validator = new mod.default({ allErrors: false, strict: true }).compile(schema);
  return validator;
}

/** `/chunks/3/files/0/name` as a JSON path. */
function pointerPath(pointer: string): JsonPath {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^(0|[1-9][0-9]*)$/.test(p) ? Number(p) : p));
}

function invalid(doc: JsonDocument, path: JsonPath, message: string): GramlogError {
  return new GramlogError('jobs/manifest-invalid', message, doc.spanAt(path));
}

/** The schema's first complaint, naming the key. */
function schemaError(doc: JsonDocument, v: Validator): GramlogError {
  const e = v.errors?.[0];
  const path = pointerPath(e?.instancePath ?? '');
  const where = pathText(path);
  if (e?.keyword === 'required') return invalid(doc, path, `${where === '(top level)' ? 'the manifest' : where} has no "${String(e.params['missingProperty'])}": not a manifest gramlog wrote`);
  if (e?.keyword === 'additionalProperties') return invalid(doc, [...path, String(e.params['additionalProperty'])], `${where === '(top level)' ? 'the manifest' : where} has a key gramlog does not write, "${String(e.params['additionalProperty'])}"`);
  if (e?.keyword === 'pattern' && path[path.length - 1] === 'name') return invalid(doc, path, `${where} must be a plain name of a file in the folder (chunk-000000.jsonl, seed-000042.dot), not ${JSON.stringify(String(getAt(doc.value, path)).slice(0, 80))}`);
  return invalid(doc, path, `${where} ${e?.message ?? 'is not what gramlog writes'}${e?.keyword === 'type' ? `, not ${JSON.stringify(getAt(doc.value, path))?.slice(0, 40)}` : ''}`);
}

function getAt(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const p of path) v = (v as Record<string | number, unknown> | null)?.[p];
  return v;
}

function seedsText(first: number, count: number): string {
  return count === 1 ? `seed ${first}` : `seeds ${first}..${first + count - 1}`;
}

/** What a schema cannot check: the chunks cover the range once, in order, with the files and counts they should have. */
function checkCoverage(doc: JsonDocument, m: Manifest): void {
  const at = (path: JsonPath, message: string) => invalid(doc, path, message);
  const part = m.shard ? (m.shard.index < m.shard.count ? shardPart(m.shard, m.seeds.count) : undefined) : { offset: 0, size: m.seeds.count };
  if (!part) throw at(['shard', 'index'], `shard.index is ${m.shard?.index}, past the last shard (${(m.shard?.count ?? 1) - 1})`);
  if (m.range.first !== m.seeds.first + part.offset || m.range.count !== part.size) {
    throw at(['range'], `range is ${seedsText(m.range.first, m.range.count)}, but ${m.shard ? `shard ${m.shard.index}/${m.shard.count}` : 'the whole run'} of ${seedsText(m.seeds.first, m.seeds.count)} is ${seedsText(m.seeds.first + part.offset, part.size)}`);
  }
  const rangeEnd = m.range.first + m.range.count;
  /** One past the last seed of the chunks so far. */
  let end = m.range.first;
  let previous = -1;
  m.chunks.forEach((c, i) => {
    const path = ['chunks', i];
    if (c.index <= previous) throw at([...path, 'index'], `chunks[${i}].index is ${c.index}, not after the chunk before it (${previous}): each chunk is listed once, in order`);
    previous = c.index;
    const { first, count } = c;
    if (first < end || first + count > rangeEnd || count > m.chunkSeeds) {
      const why = first < end ? `which overlap the chunk before it (up to seed ${end - 1})` : count > m.chunkSeeds ? `more than chunkSeeds (${m.chunkSeeds})` : `not all in the range (${seedsText(m.range.first, m.range.count)})`;
      throw at(path, `chunk ${c.index} holds ${seedsText(first, count)}, ${why}`);
    }
    if (m.complete && (first !== end || c.index !== i)) {
      throw at(path, first !== end ? `the manifest says complete, but ${seedsText(end, first - end)} before chunk ${c.index} ${first - end === 1 ? 'is' : 'are'} in no chunk` : `the manifest says complete, but chunks[${i}].index is ${c.index}, not ${i}`);
    }
    end = first + count;
    const inChunk = (list: number[], key: string) => {
      let last = -Infinity;
      list.forEach((s, j) => {
        if (s < first || s >= first + count || s <= last) throw at([...path, key, j], `chunks[${i}].${key}[${j}] names ${seedsText(s, 1)}, not a seed of the chunk (${seedsText(first, count)}) after the one before it`);
        last = s;
      });
    };
    inChunk(
      c.failures.map((f) => f.seed),
      'failures',
    );
    inChunk(c.violating, 'violating');
    if (!m.documentPerArtifact) {
      const name = chunkName(c.index, m.extension);
      if (c.files.length !== 1 || c.files[0]?.name !== name) throw at([...path, 'files'], `chunk ${c.index}'s file is ${name}, and only that`);
    } else {
      let last = -Infinity;
      c.files.forEach((f, j) => {
        const seed = /^seed-(m?)([0-9]+)\.[a-z0-9]+$/.exec(f.name);
        const s = seed ? (seed[1] ? -1 : 1) * Number(seed[2]) : NaN;
        if (!(s >= first && s < first + count && s > last) || f.name !== seedFileName(s, m.extension)) {
          throw at([...path, 'files', j, 'name'], `chunks[${i}].files[${j}] is ${JSON.stringify(f.name)}, not the file of a seed of the chunk (${seedsText(first, count)}) after the one before it`);
        }
        last = s;
      });
    }
  });
  if (m.complete && end !== rangeEnd) throw at(['complete'], `the manifest says complete, but ${seedsText(end, rangeEnd - end)} of its range ${rangeEnd - end === 1 ? 'is' : 'are'} in no chunk`);
}

/** DIR/manifest.json's text as a Manifest, with its spans: every key and every chunk checked, else a located GramlogError. */
export function parseManifestDoc(text: string, file: string): { manifest: Manifest; doc: JsonDocument } {
  let doc: JsonDocument;
  try {
    doc = parseLargeJson(text, file);
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError('jobs/manifest-invalid', `not a manifest of gramlog --out: ${e.message}`, e.span);
    throw e;
  }
  const v = manifestValidator();
  if (!v(doc.value)) throw schemaError(doc, v);
  const manifest = doc.value as Manifest;
  checkCoverage(doc, manifest);
  return { manifest, doc };
}

/** DIR/manifest.json's text as a Manifest (parseManifestDoc without the spans). */
export function parseManifest(text: string, file: string): Manifest {
  return parseManifestDoc(text, file).manifest;
}
