/**
 * The JSON value tree the JSON grammar (grammar/json.ne) builds: every value
 * keeps its first and last token, so a loader can point at it by file:line:col
 * as well as by JSON path.
 */
import type { Token } from 'moo';

export type JsonNode =
  | { kind: 'scalar'; value: unknown; start: Token; end: Token }
  | { kind: 'object'; members: JsonMembers | null; start: Token; end: Token }
  | { kind: 'array'; items: JsonItems | null; start: Token; end: Token };

export interface JsonItems {
  item: JsonNode;
  rest: JsonItems | null;
}

export interface JsonMember {
  key: string;
  keyToken: Token;
  value: JsonNode;
}

export interface JsonMembers {
  item: JsonMember;
  rest: JsonMembers | null;
}
