import { GramlogError } from '../../errors.js';
import { evaluate } from '../../engine/index.js';
import { Store } from '../../store/index.js';
import { boolOpt, intOpt, listOpt, stringOpt } from '../args.js';
import type { Command } from '../command.js';
import { loadFactsDir } from '../facts-dir.js';
import { EXIT, UsageError } from '../io.js';
import { JSON_OPTION, loadRuleFiles } from '../options.js';

export const queryCommand: Command = {
  name: 'query',
  summary: 'evaluate rule files and print facts matching goals (or every fact)',
  options: {
    goal: { type: 'string', multiple: true, short: 'g' },
    ...JSON_OPTION,
    edn: { type: 'string' },
    'max-facts': { type: 'string' },
    facts: { type: 'string', multiple: true },
  },
  help: `usage: gramlog query FILE... [--goal TERM]... [--facts DIR]... [--json] [--edn QUERY]

Loads the rule files as one program, evaluates it (stratified, semi-naive) and
prints the facts that match each goal, one canonical atom per line, sorted.
Without --goal it prints every fact of the model.

options:
  -g, --goal TERM   an atom with ?variables, e.g. '(ancestor ?x bob)'; repeatable
  --json            print a JSON array of strings instead of lines
  --edn QUERY       run a datascript query over the model instead, e.g.
                    '[:find ?x ?y :where [?f "rel" "parent"] [?f "arg0" ?x] [?f "arg1" ?y]]'
                    (each fact is an entity with "rel", "arity", "arg0".., "text")
  --facts DIR       load every REL.tsv / REL.csv in DIR as facts of REL, one
                    tuple per line (tab- or comma-separated); repeatable
  -h, --help        this text

exit codes: 0 ok, 1 invalid program (printed as file:line:col: error[code]: ...),
            2 usage error or unreadable file

example:
  gramlog query rules/family.kif --goal '(ancestor ?x ?y)'
  gramlog query rules/reach.kif --facts rules/reach-facts --goal '(reach a ?y)'
`,
  run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog query: give at least one rule FILE');
    const program = loadRuleFiles(io, sources, args.positionals);
    const given = stringOpt(args, 'max-facts') !== undefined;
    const tables = listOpt(args, 'facts').flatMap((dir) => loadFactsDir(io, sources, 'query', dir, program));
    const model = evaluate(program, { tables, ...(given ? { maxFacts: intOpt(args, 'query', 'max-facts', 0) } : {}) });
    const edn = stringOpt(args, 'edn');
    const json = boolOpt(args, 'json');
    if (edn !== undefined) {
      if (listOpt(args, 'goal').length > 0) throw new UsageError('gramlog query: use either --goal or --edn, not both');
      const store = Store.fromFacts(model.factRows());
      const rows = store.query(edn);
      if (json) io.out(JSON.stringify(rows) + '\n');
      else for (const row of rows) io.out(row.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\t') + '\n');
      return EXIT.ok;
    }
    const goals = listOpt(args, 'goal');
    let lines: string[];
    if (goals.length === 0) lines = model.facts();
    else {
      lines = [];
      for (const g of goals) {
        try {
          lines.push(...model.query(g));
        } catch (e) {
          if (e instanceof GramlogError) throw new UsageError(`gramlog query: bad --goal '${g}': ${e.message}`);
          throw e;
        }
      }
    }
    io.out(json ? JSON.stringify(lines) + '\n' : lines.map((l) => l + '\n').join(''));
    return EXIT.ok;
  },
};
