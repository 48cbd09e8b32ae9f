/** The command line from source, for trying a saved fuzz case by hand: node --import tsx/esm test/fuzz/gramlog.ts ARGS... */
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
