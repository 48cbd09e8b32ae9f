/**
 * How a `--satisfy` artifact says how it was obtained. An artifact of the
 * seed's own draws says nothing (the same bytes as plain generation); a
 * redrawn or steered one says so: a `"satisfy"` object after `"seed"` in JSON,
 * a first line in text (a `//` comment in DOT), and, with `--explain`, the
 * draws steering changed and the violations each avoided. Binary and XML
 * formats carry the artifact alone.
 */
import type { FormatName } from '../style.js';
import type { SatisfyHow } from './satisfy.js';

/** The `"satisfy"` value of a JSON artifact: method, draws and, when steered, the changed draws and the `--choose` that replays it. */
export function satisfyJson(how: SatisfyHow): Record<string, unknown> {
  return {
    method: how.method,
    draws: how.draws,
    ...(how.searched !== undefined ? { searched: how.searched } : {}),
    ...(how.steered ? { steered: how.steered.map((s) => ({ key: s.key, drawn: s.drawn, chosen: s.chosen, avoided: s.avoided })) } : {}),
    ...(how.choose ? { choose: how.choose } : {}),
  };
}

/** One line that says how the artifact of `seed` was obtained. */
export function satisfyLine(seed: number | string, how: SatisfyHow): string {
  const s = String(seed);
  switch (how.method) {
    case 'plain':
      return `seed ${s} satisfies every constraint as drawn`;
    case 'redraw':
      return `seed ${s} satisfied by redraw ${how.draws - 1} (exact: the first of ${how.draws} draws from streams derived from the seed that breaks no constraint)`;
    case 'search':
      return `seed ${s} satisfied by steered draws: ${broke(how.draws)}, and a search over the seed's choices changed ${how.steered?.length ?? 0} of them (${how.searched ?? 0} generations)`;
    case 'solver':
      return `seed ${s} satisfied by steered draws: ${broke(how.draws)}, and a solver changed ${how.steered?.length ?? Object.keys(how.choose ?? {}).length} of the seed's draws`;
  }
}

function broke(draws: number): string {
  return draws === 1 ? "the seed's own draw broke a constraint (no redraw: --draws 1, or redraws of this file almost never satisfy)" : `every one of ${draws} draws broke a constraint`;
}

/** The artifact's text in `format` with the satisfy note (unchanged for an artifact of the seed's own draws). */
export function annotate(text: string, format: FormatName, seed: number | string, how: SatisfyHow): string {
  if (how.method === 'plain') return text;
  if (format === 'json') {
    const o = JSON.parse(text) as Record<string, unknown>;
    const { format: f, seed: sd, ...rest } = o;
    return JSON.stringify({ format: f, seed: sd, satisfy: satisfyJson(how), ...rest }) + '\n';
  }
  if (format === 'text') return `${satisfyLine(seed, how)}\n${text}`;
  if (format === 'dot') return `// ${satisfyLine(seed, how)}\n${text}`;
  return text;
}

/** The steered draws, for `--explain`: each draw changed, what the seed drew, what it took, and what that avoided. */
export function explainSteered(seed: number | string, how: SatisfyHow): string {
  if (how.method === 'plain') return '';
  const lines = ['', satisfyLine(seed, how)];
  if (how.steered && how.steered.length > 0) {
    lines.push('steered draws:');
    for (const s of how.steered) {
      lines.push(`  ${s.key}: ${s.drawn} -> ${s.chosen}  (${s.avoided.length > 0 ? `avoids ${s.avoided.join(', ')}` : 'avoids nothing alone: it goes with the other changes'})`);
    }
  }
  if (how.choose && Object.keys(how.choose).length > 0) {
    lines.push(`replay: --choose ${Object.keys(how.choose).sort().map((k) => `'${k}=${how.choose?.[k] as string}'`).join(' --choose ')}`);
  }
  return lines.join('\n') + '\n';
}
