import { didYouMean } from '../../did-you-mean.js';
import { GramlogError } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { Atom } from '../../syntax/ast.js';
import { parseLiteral } from '../../syntax/parser.js';
import { filesOf } from '../diagnostics.js';
import { evaluate } from '../../engine/index.js';
import { boolOpt, listOpt, stringOpt } from '../args.js';
import type { Command } from '../command.js';
import { loadFactsDir } from '../facts-dir.js';
import { EXIT, UsageError } from '../io.js';
import { JSON_OPTION, loadRuleFiles, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions } from '../options.js';
import { withFormat } from '../../json/formats.js';

/** The goal as an atom; a GramlogError when it is not one. */
function parseGoal(text: string): Atom {
  const lit = parseLiteral(text, { file: '<goal>' });
  if (lit.kind !== 'atom') throw new GramlogError('query/goal', 'a goal must be an atom such as (ancestor ?x ?y), not a not/or/distinct', lit.span);
  return lit;
}

/**
 * Why a goal can match nothing because the program never mentions its
 * relation (or mentions it with another arity), with "did you mean"; undefined
 * when the program mentions it.
 */
export function unknownGoal(program: Program, goal: Atom): string | undefined {
  const arity = goal.args.length;
  if (program.findRelation(goal.pred, arity)) return undefined;
  const same = program.relationsNamed(goal.pred);
  if (same.length > 0) {
    const arities = same.map((r) => r.arity).sort((a, b) => a - b);
    return `the program uses ${goal.pred} with ${arities.map((a) => `${a} argument${a === 1 ? '' : 's'}`).join(' or ')}, never with ${arity}: this goal matches nothing`;
  }
  const names = program.relations.filter((r) => r.arity === arity).map((r) => r.name);
  const hint = didYouMean(goal.pred, names) || didYouMean(goal.pred, program.relations.map((r) => r.name));
  return `the program never mentions ${goal.pred}/${arity}: this goal matches nothing${hint}`;
}

/** A file query reads as rules without asking the style registry: KIF and GDL rule files, and standard input. */
function isRuleFile(path: string): boolean {
  return /\.(kif|gdl)$/i.test(path) || path === '-';
}

export const queryCommand: Command = {
  name: 'query',
  summary: 'evaluate rule files and print facts matching goals (or every fact)',
  options: {
    goal: { type: 'string', multiple: true, short: 'g' },
    ...JSON_OPTION,
    'count-only': { type: 'boolean' },
    edn: { type: 'string' },
    ...MAX_FACTS_OPTION,
    facts: { type: 'string', multiple: true },
  },
  help: `usage: gramlog query FILE... [--goal TERM]... [--facts DIR]... [--count-only] [--json] [--edn QUERY]

Loads the rule files as one program, evaluates it (stratified, semi-naive) and
prints the facts that match each goal, one canonical atom per line, sorted.
Without --goal it prints every fact of the model. A blueprint file (.bp) is
loaded as its library's facts and rules: (blueprint B), (mod M), (factory F),
(parent B P), (keyword B DOMAIN KW), (ancestor B A), (hasproperty B KEY),
(inset "[DOMAIN: kw !kw]" B) for each domain set the library uses, ...

options:
  -g, --goal TERM       an atom with ?variables, e.g. '(ancestor ?x bob)'; repeatable
      --json            print one JSON line {"format", "goals", "facts"} (with
                        --edn {"format", "query", "rows"}) instead of lines
      --count-only      print only how many lines there would be (facts matching
                        the goals, or rows of --edn), without sorting or printing them
      --edn QUERY       run a datascript query over the model instead, e.g.
                        '[:find ?x ?y :where [?f "rel" "parent"] [?f "arg0" ?x] [?f "arg1" ?y]]'
                        (each fact is an entity with "rel", "arity", "arg0".., "text")
      --facts DIR       load every REL.tsv / REL.csv in DIR as facts of REL, one
                        tuple per line (tab- or comma-separated); repeatable
  ${MAX_FACTS_HELP}
  -h, --help            this text

exit codes: 0 ok, 1 invalid program (printed as file:line:col: error[code]: ...)
            or a --goal naming a relation (or arity) the program never
            mentions (error[query/unknown-relation]; the other goals are
            still answered), 2 usage error or unreadable file

example:
  gramlog query rules/family.kif --goal '(ancestor ?x ?y)'
  gramlog query rules/routes.kif --facts rules/routes-facts --goal '(reach lisbon ?to)'
  gramlog query rules/family.kif --goal '(ancestor ann ?y)' --count-only
  gramlog query rules/items.bp --goal '(keyword ?b weapon heavy)'
`,
  async run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog query: give at least one rule FILE');
    const engine = readEngineOptions(args, 'query');
    // A style's own files (Style.facts: a .bp library) are read as facts; the styles and datascript load only when
    // a file that is no rule file or --edn asks for them (start-up).
    const styled = args.positionals.every(isRuleFile) ? undefined : await import('./query-facts.js');
    const program = styled?.loadStyleFacts(io, sources, args.positionals) ?? loadRuleFiles(io, sources, args.positionals, engine);
    const tables = listOpt(args, 'facts').flatMap((dir) => loadFactsDir(io, sources, 'query', dir, program));
    const model = evaluate(program, { tables });
    const edn = stringOpt(args, 'edn');
    const json = boolOpt(args, 'json');
    const count = boolOpt(args, 'count-only');
    if (edn !== undefined) {
      if (listOpt(args, 'goal').length > 0) throw new UsageError('gramlog query: use either --goal or --edn, not both');
      const { Store } = await import('../../store/index.js');
      const store = Store.fromFacts(model.factRows());
      let rows: ReturnType<typeof store.query>;
      try {
        rows = store.query(edn);
      } catch (e) {
        // a bad query is a bad argument, like a bad --goal: exit 2
        if (e instanceof GramlogError) throw new UsageError(`gramlog query: bad --edn '${edn}': ${e.message}`);
        throw e;
      }
      if (count) io.out(`${rows.length}\n`);
      else if (json) io.out(JSON.stringify(withFormat('query-edn', { query: edn, rows })) + '\n');
      else for (const row of rows) io.out(row.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\t') + '\n');
      return EXIT.ok;
    }
    const goals = listOpt(args, 'goal');
    const atoms: Atom[] = [];
    // a goal naming no relation of the program is a typo that changes the answer: a finding (exit 1)
    let status: number = EXIT.ok;
    for (const g of goals) {
      let goal: Atom;
      try {
        goal = parseGoal(g);
      } catch (e) {
        if (e instanceof GramlogError) throw new UsageError(`gramlog query: bad --goal '${g}': ${e.message}`);
        throw e;
      }
      const unknown = unknownGoal(program, goal);
      if (unknown) {
        io.err(`${filesOf(sources)}: error[query/unknown-relation]: --goal ${g}: ${unknown}\n`);
        status = EXIT.findings;
      }
      atoms.push(goal);
    }
    if (count) {
      const n = atoms.length === 0 ? model.size : atoms.reduce((sum, goal) => sum + model.count(goal), 0);
      io.out(`${n}\n`);
      return status;
    }
    if (json) {
      const lines = atoms.length === 0 ? model.facts() : atoms.flatMap((goal) => model.query(goal));
      io.out(JSON.stringify(withFormat('query', { goals, facts: lines })) + '\n');
    } else if (atoms.length === 0) model.writeFacts((text) => io.out(text));
    else for (const goal of atoms) model.writeQuery(goal, (text) => io.out(text));
    return status;
  },
};
