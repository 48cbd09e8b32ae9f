/**
 * The library as Datalog (KIF text): the engine evaluates it once per library
 * to answer every domain set; `gramlog query FILE.bp` loads the same text.
 *
 *   (blueprint B) (mod M) (factory F)        every definition (a factory as the string "{NAME}")
 *   (parent B P)                             @blueprint B : P
 *   (declares B DOMAIN KW)                   @domain DOMAIN = KW / += KW (a mod: MODS)
 *   (replaces B DOMAIN)                      @domain DOMAIN = ... (inherited keywords dropped)
 *   (property B KEY)                         B sets KEY itself
 *   (abstract B)                             @abstract: B is in no domain set
 *   (keyword B DOMAIN KW)                    derived: own, or inherited unless replaced
 *   (ancestor B A)                           derived: A is a parent, grandparent, ...
 *   (hasproperty B KEY)                      derived: B has KEY, own or inherited
 *   (inset "[DOMAIN: kw !kw]" B)             derived: B is in that domain set
 */
import { quoteString } from '../../program/terms.js';
import { MODS } from './ast.js';
import type { Definition } from './library.js';
import { ownDomains } from './library.js';

/** The canonical text of a domain set, `[school: water !storm]`: its identity. */
export function setKey(domain: string, include: readonly string[], exclude: readonly string[]): string {
  return `[${domain}: ${[...include, ...exclude.map((k) => '!' + k)].join(' ')}]`;
}

const RULES = `
(<= (keyword ?b ?d ?k) (declares ?b ?d ?k))
(<= (keyword ?b ?d ?k) (parent ?b ?p) (keyword ?p ?d ?k) (not (replaces ?b ?d)))
(<= (ancestor ?b ?p) (parent ?b ?p))
(<= (ancestor ?b ?a) (parent ?b ?p) (ancestor ?p ?a))
(<= (hasproperty ?b ?k) (property ?b ?k))
(<= (hasproperty ?b ?k) (parent ?b ?p) (hasproperty ?p ?k))
`;

/** A definition key as a KIF term: a factory's `{NAME}` as a string (braces are not KIF name characters). */
function keyTerm(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : quoteString(key);
}

export function libraryFactsText(
  defs: ReadonlyMap<string, Definition>,
  sets: ReadonlyArray<{ domain: string; include: readonly string[]; exclude: readonly string[] }>,
): string {
  const lines: string[] = ['; the blueprint library as facts (generated)'];
  for (const d of defs.values()) {
    const k = keyTerm(d.key);
    lines.push(`(${d.kind} ${k})`);
    if (d.parent) lines.push(`(parent ${k} ${keyTerm(d.parent.key)})`);
    for (const [domain, own] of ownDomains(d.block.domains)) {
      if (own.replaces) lines.push(`(replaces ${k} ${domain})`);
      for (const kw of own.keywords) lines.push(`(declares ${k} ${domain} ${kw})`);
    }
    for (const p of d.block.properties) lines.push(`(property ${k} ${p.key})`);
    if (d.block.abstract) lines.push(`(abstract ${k})`);
  }
  lines.push(RULES);
  const seen = new Set<string>();
  for (const s of sets) {
    const key = setKey(s.domain, s.include, s.exclude);
    if (seen.has(key)) continue;
    seen.add(key);
    const body = [s.domain === MODS ? '(mod ?b)' : '(blueprint ?b)'];
    if (s.domain !== MODS) body.push('(not (abstract ?b))');
    for (const k of s.include) body.push(`(keyword ?b ${s.domain} ${k})`);
    for (const k of s.exclude) body.push(`(not (keyword ?b ${s.domain} ${k}))`);
    lines.push(`(<= (inset ${quoteString(key)} ?b) ${body.join(' ')})`);
  }
  return lines.join('\n') + '\n';
}
