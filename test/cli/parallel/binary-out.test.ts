/**
 * A binary format (PNG) with --out DIR writes nothing to standard output, so it
 * runs whatever stdout is (a terminal, an output that takes text only); without
 * --out the terminal refusal stands. The files are the bytes one seed prints.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { binaryRefusal } from '../../../src/cli/commands/generate.js';
import type { Io } from '../../../src/cli/io.js';
import { readRepoFile } from '../../helpers.js';

function fakeIo(options: { tty: boolean; bytes: boolean }): { io: Io; out(): Uint8Array; err(): string } {
  const chunks: Uint8Array[] = [];
  let err = '';
  const io: Io = {
    out: (t) => void chunks.push(new TextEncoder().encode(t)),
    ...(options.bytes ? { outBytes: (b: Uint8Array) => void chunks.push(b.slice()) } : {}),
    outIsTTY: options.tty,
    err: (t) => void (err += t),
    errIsTTY: false,
    readFile: (p) => readRepoFile(p),
  };
  return { io, out: () => Buffer.concat(chunks), err: () => err };
}

describe('generate --format png --out DIR', () => {
  it('runs when stdout is a terminal, and each seed file holds the bytes that seed prints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-png-'));
    try {
      const tty = fakeIo({ tty: true, bytes: true });
      const code = await main(['generate', 'rules/map.gdl', '--format', 'png', '--seed', '4', '--count', '3', '--out', dir, '--jobs', '1'], tty.io);
      expect(tty.err()).toBe('');
      expect(code).toBe(0);
      expect(tty.out()).toHaveLength(0);
      const pngs = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
      expect(pngs).toEqual(['seed-000004.png', 'seed-000005.png', 'seed-000006.png']);
      for (const [i, f] of pngs.entries()) {
        const one = fakeIo({ tty: false, bytes: true });
        expect(await main(['generate', 'rules/map.gdl', '--format', 'png', '--seed', String(4 + i)], one.io)).toBe(0);
        expect(Buffer.from(readFileSync(join(dir, f))).equals(Buffer.from(one.out()))).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs with an output that takes text only, as nothing goes there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-png-'));
    try {
      const text = fakeIo({ tty: false, bytes: false });
      expect(await main(['generate', 'rules/map.gdl', '--format', 'png', '--out', dir, '--jobs', '1'], text.io)).toBe(0);
      expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toEqual(['seed-000000.png']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without --out, a terminal is still refused (usage error, exit 2, nothing written)', async () => {
    const tty = fakeIo({ tty: true, bytes: true });
    expect(await main(['generate', 'rules/map.gdl', '--format', 'png'], tty.io)).toBe(2);
    expect(tty.err()).toMatch(/binary data, not to a terminal/);
    expect(tty.out()).toHaveLength(0);
  });

  it('binaryRefusal: only standard output is checked', () => {
    const to = { toStdout: true, count: 1, outIsTTY: false, outTakesBytes: true };
    expect(binaryRefusal('png', to)).toBeUndefined();
    expect(binaryRefusal('png', { ...to, outIsTTY: true })).toMatch(/not to a terminal/);
    expect(binaryRefusal('png', { ...to, outTakesBytes: false })).toMatch(/takes no bytes/);
    expect(binaryRefusal('png', { ...to, count: 5 })).toMatch(/give --out DIR for --count/);
    for (const bad of [{ outIsTTY: true }, { outTakesBytes: false }, { count: 5 }]) expect(binaryRefusal('png', { ...to, ...bad, toStdout: false })).toBeUndefined();
    expect(binaryRefusal('json', { ...to, outIsTTY: true, count: 5 })).toBeUndefined();
  });
});
