/** `gramlog explain-code CODE`: what an error or warning code means and how to fix it (the error index's entry). */
import { didYouMean } from '../../did-you-mean.js';
import { explainText } from '../../codes/explain.js';
import { ALL_CODES } from '../../codes/index.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';

export const explainCodeCommand: Command = {
  name: 'explain-code',
  summary: 'explain an error or warning code: what triggers it, an example, the fix',
  help: `usage: gramlog explain-code CODE

Prints what the error or warning code CODE (as in error[CODE] or
warning[CODE]) means: what triggers it, a minimal example and the command that
reports it, and the fix; the same as its entry in docs/reference/errors.md.

exit codes: 0 ok, 2 no such code (or no CODE given)

example:
  gramlog explain-code generate/start-no-rule
`,
  options: {},
  run(args, io) {
    const [given, ...extra] = args.positionals;
    if (given === undefined) throw new UsageError('gramlog explain-code: give a code, e.g. gramlog explain-code syntax/unclosed');
    if (extra.length > 0) throw new UsageError(`gramlog explain-code: one code at a time, not ${args.positionals.length}`);
    const code = given.replace(/^(error|warning)\[(.*)\]:?$/, '$2');
    const info = ALL_CODES.find((c) => c.code === code);
    if (!info) {
      const codes = ALL_CODES.map((c) => c.code);
      throw new UsageError(`gramlog explain-code: no code '${code}'${didYouMean(code, codes, { max: 3 })}; docs/reference/errors.md lists them all`);
    }
    io.out(explainText(info));
    return EXIT.ok;
  },
};
