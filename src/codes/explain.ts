/**
 * A registry entry as plain text, for `gramlog explain-code CODE`: what the
 * error index says about the code, without running its example.
 */
import { anchorOf, INDEX_PATH } from './doc.js';
import type { CodeInfo } from './registry.js';

function indent(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => (l === '' ? '' : `    ${l}`))
    .join('\n');
}

export function explainText(info: CodeInfo): string {
  const out = [`${info.severity}[${info.code}]: ${info.title}`, ''];
  if (info.otherSeverity) out.push(`Also a ${info.otherSeverity.severity} ${info.otherSeverity.when}.`, '');
  out.push(info.explanation, '');
  if (info.example) {
    out.push(`Example, ${info.example.file}:`, '', indent(info.example.text), '');
    for (const [name, text] of Object.entries(info.example.others ?? {})) out.push(`with ${name}:`, '', indent(text), '');
    out.push(`reported by: ${info.example.command}`, '');
  } else if (info.reachableFrom === 'internal') out.push('Not expected: it reports a bug in gramlog.', '');
  else if (info.reachableFrom === 'large-input') out.push('Only an input far too large to show triggers it.', '');
  else out.push(`Raised only through the library${info.apiNote ? `: ${info.apiNote}` : '.'}`, '');
  out.push(`Fix: ${info.fix}`, '', `See ${INDEX_PATH}#${anchorOf(info.code)}`, '');
  return out.join('\n');
}
