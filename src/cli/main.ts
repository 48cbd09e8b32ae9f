/**
 * The gramlog command line: dispatch to a command, print errors as
 * `file:line:col: error[code]: message` with the source line, and map outcomes
 * to exit codes (0 ok, 1 findings or invalid input, 2 usage or unreadable file,
 * 3 internal error).
 */
import { isGramlogError } from '../errors.js';
import { parseCommandArgs } from './args.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { formatError } from './diagnostics.js';
import { EXIT, processIo, UsageError, type Io } from './io.js';

const VERSION = '0.1.0';

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'gramlog: validate GDL games and generate content constrained by logic',
    '',
    'usage: gramlog <command> [options] FILE...',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `gramlog <command> --help` for a command\'s options.',
    'Exit codes: 0 ok, 1 findings or invalid input, 2 usage error or unreadable file, 3 internal error.',
    '',
  ].join('\n');
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(topHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.out(`gramlog ${VERSION}\n`);
    return EXIT.ok;
  }
  const command: Command | undefined = COMMANDS.find((c) => c.name === name);
  const sources = new Map<string, string>();
  try {
    if (!command) throw new UsageError(`unknown command '${name}'; commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
    const args = parseCommandArgs(command.name, rest, command.options);
    if (args.values['help'] === true) {
      io.out(command.help.endsWith('\n') ? command.help : command.help + '\n');
      return EXIT.ok;
    }
    return await command.run(args, io, sources);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n`);
      if (command) io.err(`Run 'gramlog ${command.name} --help' for usage.\n`);
      return EXIT.usage;
    }
    io.err(formatError(e, sources) + '\n');
    return isGramlogError(e) ? EXIT.findings : EXIT.internal;
  }
}
