import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const checkCommand: Command = {
  name: 'check',
  summary: 'property-based checks of generator invariants (issue 6)',
  options: {},
  help: 'usage: gramlog check: not available yet\n',
  run() {
    throw new UsageError('gramlog check is not available yet');
  },
};
