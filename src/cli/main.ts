/**
 * The gramlog command line: dispatch to a command, print errors as
 * `file:line:col: error[code]: message` with the source line, and map outcomes
 * to exit codes (0 ok, 1 findings or invalid input, 2 usage or unreadable file,
 * 3 internal error). A closed standard output ends any command quietly (exit 0);
 * any other failed write to it (a full disk) is a message and exit 2.
 */
import { didYouMean } from '../did-you-mean.js';
import { isGramlogError } from '../errors.js';
import { COMMON_HELP, parseCommandArgs, stringOpt } from './args.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { formatError } from './diagnostics.js';
import { installMemoryBudget } from './memory.js';
import { versionLine } from './version.js';
import { VERSION } from '../version.js';
import { EXIT, LocatedUsageError, OutputClosed, OutputFailed, outputFailedMessage, parseSize, processIo, UnreadableFile, UsageError, type Io } from './io.js';

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

/** A command's help: its own text, then the options every command takes. */
export function commandHelp(command: Command): string {
  const own = command.help.endsWith('\n') ? command.help : command.help + '\n';
  return `${own}\n${COMMON_HELP}`;
}

function unknownCommand(name: string): UsageError {
  const names = COMMANDS.map((c) => c.name);
  const hint = didYouMean(name, names);
  return new UsageError(`unknown command '${name}'${hint || `; commands: ${names.join(', ')}`}`);
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help' || name === '--version' || name === '-V' || name === '-v') {
    try {
      io.out(name === '--version' || name === '-V' || name === '-v' ? `${versionLine(VERSION)}\n` : topHelp());
    } catch (e) {
      return outputEnded(e, io);
    }
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  return runCommand(argv, io);
}

/** A closed standard output: exit 0, quietly; a failed write: the cause, exit 2. */
function outputEnded(e: unknown, io: Io): number {
  if (e instanceof OutputClosed) return EXIT.ok;
  if (e instanceof OutputFailed) {
    io.err(outputFailedMessage(e));
    return EXIT.usage;
  }
  throw e;
}

async function runCommand(argv: string[], io: Io): Promise<number> {
  const [name = '', ...rest] = argv;
  const entry = COMMANDS.find((c) => c.name === name);
  const sources = new Map<string, string>();
  let command: Command | undefined;
  try {
    if (!entry) throw unknownCommand(name);
    command = await entry.load();
    const args = parseCommandArgs(command.name, rest, command.options);
    if (args.values['help'] === true) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    const maxInput = stringOpt(args, 'max-input');
    if (maxInput !== undefined) {
      const bytes = parseSize(maxInput);
      if (bytes === undefined) throw new UsageError(`gramlog ${command.name}: --max-input takes a size (bytes, or a number with K, M or G, e.g. 64M), not '${maxInput}'`);
      io.setMaxInput?.(bytes);
    }
    installMemoryBudget(command.name, stringOpt(args, 'max-memory'), process.env);
    return await command.run(args, io, sources);
  } catch (e) {
    if (e instanceof OutputClosed || e instanceof OutputFailed) return outputEnded(e, io);
    if (e instanceof UsageError) {
      io.err(e instanceof UnreadableFile ? `${e.file}: error: cannot read: ${e.why}\n` : e instanceof LocatedUsageError ? `${e.diagnostic}\n` : `error: ${e.message}\n`);
      io.err(command ? `Run 'gramlog ${command.name} --help' for usage.\n` : `Run 'gramlog --help' for the commands.\n`);
      return EXIT.usage;
    }
    io.err(formatError(e, sources) + '\n');
    return isGramlogError(e) ? EXIT.findings : EXIT.internal;
  }
}
