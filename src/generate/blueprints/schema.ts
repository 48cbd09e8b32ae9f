/**
 * The blueprints vocabulary as data (see ../vocabulary-schema.ts): the block
 * directives, the items of a block and the built-in functions of
 * expressions, for the reference and the language server. The parser
 * (parse.ts, grammar/blueprint.ne) reads the syntax and takes the arity of
 * every built-in function from its entry here; OPERATORS (ast.ts) is checked
 * against the built-in entries by a test.
 */
import { formEntry, type ArgSchema, type VocabularyEntry, type VocabularySchema } from '../../vocabulary-schema.js';

const d = formEntry;

const num = (name: string): ArgSchema => ({ name, kind: 'number' });
const any = (name: string): ArgSchema => ({ name, kind: 'term' });
/** A built-in function: its arguments give the arity the parser checks (parse.ts). */
const fn = (name: string, form: string, args: ArgSchema[], doc: string, example: string): VocabularyEntry => ({ ...d(name, form, FNS, doc, example), args });

const BLOCKS = 'blocks';
const ITEMS = 'items of a block';
const FNS = 'built-in functions';
const VALUES = 'values';

export const BLUEPRINT_SCHEMA: VocabularySchema = {
  kind: 'blueprints',
  title: 'Blueprints (.bp)',
  intro: 'A blueprint library declares blueprints (with inheritance), mods and factories; mastering one evaluates its properties with a seed.',
  entries: [
    d('@blueprint', '@blueprint NAME [: PARENT] ... @end', BLOCKS, 'A blueprint; a child has every property, domain and function of its parent and may override any.', '@blueprint Spear : Weapon\n  @property damage = (rand 5 8)\n@end'),
    d('@mod', '@mod NAME ... @end', BLOCKS, 'A mod: rewrites some properties of a mastered blueprint (read them with &source.KEY).', '@mod Sharp\n  @domain prefix\n  @property damage = (+ &source.damage 2)\n@end'),
    d('@factory', '@factory {NAME} ... @end', BLOCKS, 'A factory: masters its substitute, applies its modlist, then its own properties.', '@factory {RandomWeapon}\n  @substitute (pickOne [weapon: melee])\n@end'),
    d('@property', '@property KEY = EXPR', ITEMS, 'A property, evaluated once per master.', '@property damage = (rand 2 4)'),
    d('@domain', '@domain DOMAIN = KEYWORD...', ITEMS, 'The keywords of the blueprint in DOMAIN (replacing inherited ones); domain sets select by them.', '@domain weapon = melee pierce'),
    d('@domain +=', '@domain DOMAIN += KEYWORD...', ITEMS, 'Add keywords to the inherited ones.', '@domain weapon += heavy'),
    d('@domain (mod)', '@domain KEYWORD...', ITEMS, 'In a mod: its keywords in the MODS domain ([MODS: KEYWORD]).', '@domain prefix'),
    d('@abstract', '@abstract', ITEMS, 'The blueprint is a base for others: no domain set holds it and it cannot be mastered directly.', '@blueprint Weapon\n  @abstract\n  @domain type = weapon\n@end'),
    d('@function', '@function NAME ($P...) = EXPR', ITEMS, 'A function called as (NAME ARG...); inherited, and a child may override it.', '@function scaled ($x) = (* $x 2)'),
    d('@substitute', '@substitute EXPR', ITEMS, 'In a factory: what is mastered instead.', '@substitute (pickOne [weapon: melee])'),
    d('@modlist', '@modlist (EXPR...)', ITEMS, 'In a factory: the mods applied in order.', '@modlist ((pickOne [MODS: prefix]))'),
    fn('rand', '(rand LO HI)', [num('LO'), num('HI')], 'An integer from LO to HI inclusive.', '@property damage = (rand 2 4)'),
    fn('pickOne', '(pickOne X Y ...) / (pickOne [SET])', [any('X'), { ...any('Y'), variadic: true }], 'One element, uniformly.', '@property spell = (pickOne Frost Blizzard)'),
    fn('pickOnChance', '(pickOnChance W1 X1 W2 X2 ...)', [num('W'), any('X'), { ...any('MORE'), variadic: true }], 'One X, with probability proportional to its W.', '@property spell = (pickOnChance 70 Frost 30 Blizzard)'),
    fn('strcat', '(strcat A B ...)', [any('A'), { ...any('B'), variadic: true }], 'String concatenation (numbers printed plainly).', '@property name = (strcat "Sharp " &source.name)'),
    fn('+', '(+ A B ...)', [num('A'), { ...num('B'), variadic: true }], 'Sum.', '@property mana = (+ &source.mana 2)'),
    fn('-', '(- A B)', [num('A'), { ...num('B'), optional: true }], 'Difference (or the negation of A).', '@property weight = (- 10 3)'),
    fn('*', '(* A B ...)', [num('A'), { ...num('B'), variadic: true }], 'Product.', '@property power = (* &source.power 2)'),
    fn('/', '(/ A B)', [num('A'), num('B')], 'Quotient.', '@property price = (/ 10 4)'),
    fn('min', '(min A B ...)', [num('A'), { ...num('B'), variadic: true }], 'The least.', '@property cap = (min 3 (rand 1 6))'),
    fn('max', '(max A B ...)', [num('A'), { ...num('B'), variadic: true }], 'The greatest.', '@property floor = (max 1 (rand 0 3))'),
    d('[DOMAIN: ...]', '[DOMAIN: KEYWORD !KEYWORD ...]', VALUES, 'A domain set: every non-abstract blueprint whose DOMAIN keywords include each KEYWORD and no !KEYWORD.', '@property loot = (pickOne [weapon: melee !heavy])'),
    d('&source.KEY', '&source.KEY', VALUES, 'In mods and factories: the value of KEY on the blueprint being modified.', '@property damage = (+ &source.damage 1)'),
    d('{NAME}', '{NAME}', VALUES, 'A factory, wherever a blueprint name can stand.', '@property drop = (pickOnChance 70 Spear 30 {RandomWeapon})'),
  ],
};
