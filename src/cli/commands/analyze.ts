import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'static analysis of a layered generator (issue 5)',
  options: {},
  help: 'usage: gramlog analyze: not available yet\n',
  run() {
    throw new UsageError('gramlog analyze is not available yet');
  },
};
