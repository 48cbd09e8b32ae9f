/**
 * The published JSON Schemas (schemas/*.schema.json) compiled with ajv, and
 * what the tests check an output line against: the schema its `format` names.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { JSON_FORMATS, type JsonKind } from '../../src/json/formats.js';
import { repoRoot } from '../helpers.js';

export const SCHEMA_DIR = join(repoRoot, 'schemas');

/** The input schemas (what gramlog reads: grammars, start graphs, and the manifest.json of --out DIR that merge and --resume read); every other schema is an output kind of src/json/formats.ts. */
export const INPUT_SCHEMAS = ['graph-grammar', 'graph-start', 'manifest'] as const;

export type Schema = Record<string, unknown> & { $id: string };

/** Every schema file by its name without `.schema.json`. */
export function schemaFiles(): Map<string, Schema> {
  const out = new Map<string, Schema>();
  for (const f of readdirSync(SCHEMA_DIR).sort()) {
    if (!f.endsWith('.schema.json')) throw new Error(`schemas/${f}: only *.schema.json files belong in schemas/`);
    out.set(f.slice(0, -'.schema.json'.length), JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8')) as Schema);
  }
  return out;
}

// strict, but: "type": [..] unions are written as JSON Schema allows, tuples may have optional
// elements (graphgram's [v, w, label?, id?]), and `required` may sit in an anyOf branch
export const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, strictTuples: false, strictRequired: false });
for (const s of schemaFiles().values()) ajv.addSchema(s);

export function validatorOf(name: string): ValidateFunction {
  const s = schemaFiles().get(name);
  if (!s) throw new Error(`no schemas/${name}.schema.json`);
  const v = ajv.getSchema(s.$id);
  if (!v) throw new Error(`schema ${s.$id} not compiled`);
  return v;
}

/** Errors of one JSON output line against the schema its "format" names ([] when it conforms). */
export function outputErrors(line: string): string[] {
  const value = JSON.parse(line) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not an object'];
  const format = value['format'];
  if (Object.keys(value)[0] !== 'format' || typeof format !== 'string') return ['"format" is not the first key'];
  const kind = format.slice(0, format.lastIndexOf('/')) as JsonKind;
  if (!(kind in JSON_FORMATS)) return [`unknown kind ${kind}`];
  if (format !== `${kind}/${JSON_FORMATS[kind]}`) return [`format ${format}, but ${kind} is at version ${JSON_FORMATS[kind]}`];
  const validate = validatorOf(kind);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** A schema's shape, without its prose (title, description): what a version number stands for. */
export function fingerprint(schema: unknown): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) if (k !== 'title' && k !== 'description') out[k] = strip((v as Record<string, unknown>)[k]);
    return out;
  };
  return createHash('sha256').update(JSON.stringify(strip(schema))).digest('hex').slice(0, 16);
}
