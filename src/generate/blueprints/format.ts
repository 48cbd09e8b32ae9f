/**
 * Masters as text and JSON.
 *
 * JSON (one line): {"format": "master/4", "seed": S, "blueprint": "Spear", "factory": "MagicalWeapon"?,
 * "mods": ["Gnarled", ...]?, "properties": {KEY: VALUE}}, where a VALUE is a
 * number, a string, an array, or a nested master of the same shape without
 * "format" and "seed"; then "violations" and "violationRules" (where the rule
 * that derived each is written) when the master derives any.
 *
 * Text: a header line, then one property a line, nested masters indented:
 *
 *   Warhammer (seed 4, factory {MagicalWeapon}, mods Gnarled OfLightness)
 *     name = "Gnarled Warhammer of Lightness"
 *     damage = 9
 *     kit = list of 2
 *       0 = Torch
 *         light = 3
 */
import { encodeString } from '../../syntax/lexer.js';
import { formatNumber } from '../../program/terms.js';
import { withFormat } from '../../json/formats.js';
import { isMaster, type Master, type Value } from './master.js';
import { violationsJson, type ViolationListing } from '../violations.js';

export function masterJson(m: Master, violations: readonly string[] | ViolationListing = []): string {
  return JSON.stringify(withFormat('master', { ...m, ...violationsJson(violations) }));
}

function header(m: Master, top: boolean): string {
  const notes: string[] = [];
  if (top && m.seed !== undefined) notes.push(`seed ${String(m.seed)}`);
  if (m.factory !== undefined) notes.push(`factory {${m.factory}}`);
  if (m.mods && m.mods.length > 0) notes.push(`mods ${m.mods.join(' ')}`);
  return notes.length > 0 ? `${m.blueprint} (${notes.join(', ')})` : m.blueprint;
}

function scalar(v: number | string): string {
  return typeof v === 'number' ? formatNumber(v) : encodeString(v);
}

function isScalarList(v: readonly Value[]): v is ReadonlyArray<number | string> {
  return v.every((x) => typeof x === 'number' || typeof x === 'string');
}

function valueLines(label: string, v: Value, indent: string, out: string[]): void {
  if (typeof v === 'number' || typeof v === 'string') out.push(`${indent}${label} = ${scalar(v)}`);
  else if (Array.isArray(v)) {
    const list = v as readonly Value[];
    if (isScalarList(list)) out.push(`${indent}${label} = (${list.map(scalar).join(' ')})`);
    else {
      out.push(`${indent}${label} = list of ${list.length}`);
      list.forEach((x, i) => valueLines(String(i), x, indent + '  ', out));
    }
  } else if (isMaster(v)) {
    out.push(`${indent}${label} = ${header(v, false)}`);
    propertyLines(v, indent + '  ', out);
  }
}

function propertyLines(m: Master, indent: string, out: string[]): void {
  for (const [k, v] of Object.entries(m.properties)) valueLines(k, v, indent, out);
}

/** An indented, readable listing, ending with a newline. */
export function formatMasterText(m: Master): string {
  const out = [header(m, true)];
  propertyLines(m, '  ', out);
  return out.join('\n') + '\n';
}
