import { describe, expect, it } from 'vitest';
import { replayArgs, splitChoices } from '../../src/check/replay.js';

describe('the short replay form (--choices)', () => {
  it('puts two or more forced choices in one --choices list that splits back to the same entries', () => {
    const choose = { 'n/1': 'fork', n: 'grow', 'n/1/0': 'flower' };
    const args = replayArgs({ seed: 3, params: { height: 4 }, choose });
    expect(args).toEqual(['--seed', '3', '--param', 'height=4', '--choices', 'n=grow,n/1=fork,n/1/0=flower']);
    expect(splitChoices(args.at(-1)!)).toEqual(['n=grow', 'n/1=fork', 'n/1/0=flower']);
    expect(replayArgs({ seed: 3, params: {}, choose: { n: 'grow' } })).toEqual(['--seed', '3', '--choose', 'n=grow']);
  });

  it('does not split at a comma inside parentheses or a string; an entry it would split keeps its own --choose', () => {
    expect(splitChoices('house:(at 1,2)=on, house:"a,\\"b"=off,,')).toEqual(['house:(at 1,2)=on', 'house:"a,\\"b"=off']);
    const args = replayArgs({ seed: 0, params: {}, choose: { 'a:x,y': 'on', 'a:(p 1)': 'off', 'a:q': 'on' } });
    expect(args).toEqual(['--seed', '0', '--choices', 'a:(p 1)=off,a:q=on', '--choose', 'a:x,y=on']);
  });
});
