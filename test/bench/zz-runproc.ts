import { benchProcesses, benchStartup } from './engine-bench.js';
if (process.argv.includes('start')) benchStartup();
if (process.argv.includes('proc')) benchProcesses();
