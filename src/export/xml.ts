/** XML text escaping for the SVG and GraphML writers. */

/** Text as XML character data or an attribute value (quoted with "). */
export function xmlEscape(s: string): string {
  // characters XML 1.0 does not allow at all are dropped (a label may hold any JSON string)
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c] as string};`);
}
