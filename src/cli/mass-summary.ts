/**
 * The summary line of a mass run (`generate --count`, `master --count`) on
 * stderr: how many seeds failed, how many derived violation facts and how
 * many facts those were, of which seeds.
 */
import type { Tally } from './parallel/types.js';
import type { Io } from './io.js';

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** `FILES: 2 seeds failed, 939 seeds derived violation facts (2,095 facts) (of 1,000 seeds, 0..999)`, or nothing when all went well or there was one seed. */
export function massSummary(io: Io, files: string | undefined, t: Tally): void {
  if (t.count <= 1 || t.violating + t.failed === 0) return;
  const parts: string[] = [];
  if (t.failed > 0) parts.push(`${count(t.failed, 'seed', 'seeds')} failed`);
  if (t.violating > 0) {
    const facts = t.violationFacts === undefined ? '' : ` (${count(t.violationFacts, 'fact', 'facts')})`;
    parts.push(`${count(t.violating, 'seed', 'seeds')} derived violation facts${facts}`);
  }
  io.err(`${files ?? 'gramlog'}: ${parts.join(', ')} (of ${count(t.count, 'seed', 'seeds')}, ${t.first}..${t.first + t.count - 1})\n`);
}
