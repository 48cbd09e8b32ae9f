/**
 * Noninterference: a mask of layer L that reads `(placed M ...)` only at keys
 * that are never sites M can place (in any outcome, by the possibility model)
 * never changes L's mask: the test of M removes nothing and can be dropped.
 * Reported per allow rule, body literal and pair of layers, at the literal.
 *
 * With `placeable` (the SAT solver's oracle, solver.ts), keys the possibility
 * model allows are asked too: when no outcome of the layers before the reader
 * places any of them, the test is proved to remove nothing as well.
 */
import type { Program } from '../../program/program.js';
import type { LayerFinding } from './findings.js';
import { atomText, literalText, patternText, relName } from './rule-text.js';
import type { Read, ReadAnalysis } from './reads.js';
import type { LayerDecl } from './vocabulary.js';

export function checkNoninterference(
  program: Program,
  layers: readonly LayerDecl[],
  analysis: ReadAnalysis,
  placeable?: (reader: LayerDecl, layer: LayerDecl, keys: readonly number[]) => boolean | undefined,
): LayerFinding[] {
  const byId = new Map(layers.map((l) => [l.id, l]));
  const groups = new Map<string, { reader: LayerDecl; layer: LayerDecl; reads: Read[]; hit: boolean }>();
  for (const r of analysis.reads) {
    if (r.relation !== 'allow' || r.key === undefined) continue;
    const reader = byId.get(r.reader);
    const layer = byId.get(r.layer);
    if (!reader || !layer || layer.order >= reader.order) continue;
    const key = `${r.ruleIndex}/${r.literalIndex}/${reader.name}/${layer.name}`;
    const entry = groups.get(key) ?? { reader, layer, reads: [], hit: false };
    entry.reads.push(r);
    if (analysis.possible.get(layer.id)?.has(r.key)) entry.hit = true;
    groups.set(key, entry);
  }
  const findings: LayerFinding[] = [];
  const seen = new Set<string>();
  for (const { reader, layer, reads, hit } of groups.values()) {
    let proved = '';
    if (hit) {
      // Possible by the over-approximation; the solver may still prove no outcome places these keys.
      if (!placeable) continue;
      const keys = [...new Set(reads.map((r) => r.key as number))];
      if (placeable(reader, layer, keys) !== false) continue;
      proved = ` (proved by a SAT solver: no outcome of the layers before ${reader.name} places them)`;
    }
    const first = reads[0] as Read;
    const dedupe = `${first.rule.statement}/${first.literal.span.offset}/${reader.name}/${layer.name}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const keys = [...new Set(reads.map((r) => program.terms.print(r.key as number)))].sort();
    const shown = keys.slice(0, 4).join(' ') + (keys.length > 4 ? ` and ${keys.length - 4} more` : '');
    const rule = first.rule;
    const head = atomText(relName(program, rule.head.rel), rule.head.args.map((a) => patternText(program, rule, a)));
    findings.push({
      code: 'layers/noninterference',
      severity: 'warning',
      layers: [reader.name, layer.name],
      message:
        `the mask of ${reader.name} reads (placed ${layer.name} KEY) for KEY in ${shown}, through ${literalText(program, rule, first.literal)} in the rule for ${head} (line ${rule.span.line}), ` +
        `but ${layer.name} never places ${keys.length === 1 ? 'that key' : 'any of those keys'}${proved}: the sites of ${reader.name} and ${layer.name} never coincide there, so the mask between them removes nothing and can be dropped`,
      span: first.literal.span,
    });
  }
  return findings;
}
