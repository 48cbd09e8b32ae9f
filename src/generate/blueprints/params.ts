/**
 * Blueprints feed generators: a master's scalar properties become the
 * grammar's `(param KEY VALUE)` facts (replacing the file's own facts for
 * those keys, added for keys the file does not set).
 */
import type { Program } from '../../program/program.js';
import type { Statement, Term } from '../../syntax/ast.js';
import { parse, parseTerm } from '../../syntax/parser.js';
import { numericParamError, paramKeys } from '../params.js';
import { didYouMean } from '../../did-you-mean.js';
import type { Diagnostic } from '../../errors.js';
import type { Library } from './library.js';
import { printTerm } from '../../syntax/printer.js';
import { rebuildProgram } from '../statements.js';
import type { Master } from './master.js';
import { scalarParams } from './master-facts.js';

function isParamFact(st: Statement): boolean {
  return !st.isRule && st.body.length === 0 && st.head.pred === 'param' && st.head.args.length === 2;
}

/**
 * The program with a `(param KEY VALUE)` fact for every scalar property of the
 * master. A string property where the file's default for KEY is a number is
 * an error (generate/param, as for `--param`), naming the property, its value
 * and where the default is.
 */
export function withMasterParams(program: Program, m: Master, file = '--blueprint'): Program {
  const params = scalarParams(m);
  if (params.length === 0) return program;
  for (const [k, v] of params) {
    const value = parseTerm(v, { file });
    const err = numericParamError(program, k, value, `${file}: ${m.blueprint}'s property ${k}`, v);
    if (err) throw err;
  }
  const keys = new Set(params.map(([k]) => k));
  const keep = (st: Statement) => !(isParamFact(st) && keys.has(printTerm(st.head.args[0] as Term)));
  return rebuildProgram(program, keep, [parse(params.map(([k, v]) => `(param ${k} ${v})`).join('\n'), { file })]);
}

/**
 * `--blueprint FILE.bp:NAME` feeding a generator: every scalar property the
 * blueprint declares (its own and inherited; a factory's own) must match a
 * `(param KEY VALUE)` of the generator's file, else it would be silently
 * ignored (`maxstage` for `maxstages`). Each one that does not is an error
 * (blueprint/unknown-param) located at the property's key in the .bp file,
 * with "did you mean" from the file's params. Lists, references and domain
 * sets never become params and are not checked.
 */
export function blueprintParamFindings(library: Library, name: string, program: Program, generatorFile = 'the generator file'): Diagnostic[] {
  const def = library.definitions.get(name) ?? library.definitions.get(`{${name}}`);
  if (!def) return [];
  const keys = paramKeys(program);
  const out: Diagnostic[] = [];
  const props = def.kind === 'factory' ? def.block.properties : def.properties;
  for (const p of props) {
    if (p.expr.kind === 'list' || p.expr.kind === 'ref' || p.expr.kind === 'set') continue;
    if (keys.includes(p.key)) continue;
    out.push({
      code: 'blueprint/unknown-param',
      severity: 'error',
      message:
        `${def.key}'s property ${p.key} matches no (param ${p.key} VALUE) of ${generatorFile}, so --blueprint would ignore it` +
        (didYouMean(p.key, keys) || (keys.length > 0 ? `; its params are ${keys.join(', ')}` : '; it declares no params')),
      span: p.keySpan,
    });
  }
  return out;
}
