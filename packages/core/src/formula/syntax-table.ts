/**
 * The formula syntax at a glance, as data: docs/formulas.md prints it as a table and the web
 * page's Reference shows it (GET /api/formula-functions), so both say the same. A meaning's
 * `backticks` mark code.
 */
export interface SyntaxEntry {
  /** Examples of the construct, each a piece of formula text. */
  syntax: string[];
  meaning: string;
}

export const FORMULA_SYNTAX: SyntaxEntry[] = [
  { syntax: ['42', '2.5', "'text'", '"text #{name}"'], meaning: 'numbers, text (double quotes interpolate `#{...}`)' },
  { syntax: ['true', 'false', 'nil'], meaning: 'booleans, nil (a blank field reads as nil)' },
  { syntax: ['[1, 2]', '{ a: 1 }'], meaning: 'lists and hashes' },
  { syntax: ['first_name'], meaning: 'a field of the row by bare name' },
  { syntax: ["field('First Name')"], meaning: 'a field whose name has capitals, spaces or dots' },
  { syntax: ['this'], meaning: "the field's own value (formula property only)" },
  { syntax: ['+ - * / %'], meaning: 'arithmetic; integers divide like Ruby (7 / 2 = 3); `+` with text joins text' },
  { syntax: ['< > <= >= == !='], meaning: 'comparison' },
  { syntax: ['and or not && || !'], meaning: "logic; only nil and false are false (0 and '' are true)" },
  { syntax: ['c ? a : b'], meaning: 'conditional' },
  { syntax: ['if c then a elsif d then b else e end'], meaning: 'conditional, on one line or many' },
  { syntax: ["case x when 1 then 'a' when 2, 3 then 'b' else 'c' end"], meaning: 'choice' },
  { syntax: ['x + 1 if x', 'x unless y'], meaning: 'modifier forms (nil when the condition fails)' },
  { syntax: ['(x || 0) + 1', 'x.nil?'], meaning: 'blank handling' },
  { syntax: ['s[0]', 's[0, 2]', 's[1..3]', 'list[-1]', "h['key']"], meaning: 'indexing and slices' },
  {
    syntax: ["request_params['page']", "request_entity['name']"],
    meaning: 'request data (empty outside a mock endpoint)',
  },
  { syntax: ['/\\d+/i', 's =~ /re/'], meaning: 'regular expressions; `=~` gives the index of the first match or nil' },
];
