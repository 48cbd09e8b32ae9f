/**
 * The playground link of a file, as the playground reads it
 * (src/web/url-state.ts: `#f=NAME&t=<base64url of the UTF-8 text>`); no
 * VS Code API here, so the tests can check it against readUrlState.
 */
import * as path from 'node:path';

/** The UTF-8 text as base64url without padding, as url-state.ts writes `t=`. */
function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `BASE#f=NAME&t=TEXT`: the playground at BASE with the file's name and text. */
export function playgroundLink(base: string, fileName: string, text: string): string {
  const q = new URLSearchParams();
  q.set('f', path.basename(fileName));
  q.set('t', base64Url(text));
  return `${base.replace(/#.*$/, '')}#${q.toString()}`;
}
