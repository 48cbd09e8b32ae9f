import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate content from a rule file (issue 4)',
  options: {},
  help: 'usage: gramlog generate: not available yet\n',
  run() {
    throw new UsageError('gramlog generate is not available yet');
  },
};
