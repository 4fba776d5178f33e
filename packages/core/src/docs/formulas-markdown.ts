/**
 * docs/formulas.md, rendered from the tables the checker uses (functions.ts, methods.ts), so
 * the reference cannot drift from the language: a test compares the committed file.
 */
import { SEEDED_REFERENCE_TIME } from '../engine/reference-time.js';
import { PROBED_ROWS } from '../engine/fault-probe.js';
import { DEFAULT_DATE_FORMAT } from '../formula/field-dates.js';
import { FUNCTIONS, SPECIAL_FORMS } from '../formula/functions.js';
import { FORMULA_SYNTAX } from '../formula/syntax-table.js';
import { MAX_LIST, MAX_TEXT } from '../formula/limits.js';
import { LIST_TEXT_LIMIT } from '../formula/runtime.js';
import { ROW_FORMULA_TEXT, ROW_MATCH_STEPS } from '../kernel/limits.js';
import { MATCH_BUDGET, MAX_INSTRUCTIONS } from '../formula/regex-value.js';
import { METHODS, PLANNED_METHODS } from '../formula/methods.js';
import { MAX_FORMULA_STATEMENTS } from '../formula/formula-source.js';
import { BLOCK_CALLS_PER_EVALUATION, BLOCK_METHOD_NAMES } from '../formula/compile-blocks.js';

const cell = (text: string) => text.replaceAll('|', '\\|');

const SYNTAX_BEFORE = `A formula is a Ruby-flavoured expression, or several statements. In the **Formula** type it is the field's
\`value\`; as the **formula property** of any field it transforms that field's own generated
value, which it reads as \`this\` (\`upper(this)\`, \`this + 1\`, \`if this > 10 then 10 else this end\`).

**Locals and several statements.** Statements go on separate lines or are separated by \`;\`;
the formula's value is the last one's. \`name = value\` makes a local, as in Ruby: from its first
assignment on, the name is the local (before it, the same name reads a field), and every local
is nil again for the next row, so nothing passes between rows. A formula has at most
${MAX_FORMULA_STATEMENTS} statements.
\`x += 1\` is \`x = x + 1\` (also \`-=\`, \`*=\`, \`/=\`, \`%=\`); \`x ||= v\` and \`x &&= v\` on a name that is no
local yet start from nil, as in Ruby (\`label ||= 'none'\`).

**Storing into a hash or list.** \`h['key'] = v\`, \`list[0] = v\` and \`h['n'] += 1\` change the hash
or list in place, as in Ruby (\`h = {}\`, then \`h['total'] = qty * price\`, then \`h\`), also inside
blocks (\`R.each { |r| r['double'] = r['n'] * 2 }\`, then \`R\`). What a formula reads from the row
(a JSON Array field, \`this\`) or the request is its own copy for the row, so a store never
changes another field's value or the output of the field read. A store that cannot happen (into
nil or text) gives nil.

\`\`\`ruby
a = random(1, 10)
if a > 5 then 'big' else 'small' end
\`\`\`

**A field that is not there.** \`field('Stage')\` naming no field of the schema reads as nil,
as Mockaroo reads it (schemas written for Mockaroo rely on that), and the output carries a warning
naming the formula's field, the missing name and the closest field name: the \`X-Rowloom-Warning\`
response header of the API (percent-encoded where a header cannot carry a character), a line on
the command line's stderr, and a note above the web page's preview. A bare name that is neither a
local, a field nor a function stays an error (\`unknown name 'x'\`), as in Ruby.

**Blocks.** \`{ |x| ... }\` and \`do |x| ... end\` (several statements inside) after a method
call, on lists, hashes (\`|k, v|\`), ranges \`(1..5)\` and counts (\`3.times\`):
${BLOCK_METHOD_NAMES.map((name) => `\`${name}\``).join(', ')}.
A block reads the formula's locals and fields; its parameters are locals only inside it. A JSON
Array field reads as a list of hashes: \`R.map { |x| x['price'] }.sum\`, \`R.select { |x| x['qty'] > 1 }.length\`.
Two or more parameters spread a pair as Ruby does: \`h.map { |k, v| ... }\`,
\`each_with_index.map { |x, i| ... }\`, \`[[1, 2]].map { |a, b| a + b }\`, \`inject { |memo, x| ... }\`;
\`(k, v)\` spreads one parameter the same way: \`h.each_with_index.map { |(k, v), i| ... }\`.
\`list.map(&:upcase)\` is Ruby's shorthand for \`list.map { |x| x.upcase }\` (any method without
arguments, \`&:nil?\` too), and \`%w[a b c]\` (or \`%i[a b c]\`) is the list \`['a', 'b', 'c']\`.
\`each\` gives back its receiver; \`select\`, \`filter\` and \`reject\` on a hash give a hash, as in Ruby.
Without a block, \`each_slice(n)\` gives the slices, \`each_with_index\` the \`[item, index]\`
pairs, \`n.times\`, \`map\`, \`select\` and \`each\` the items (\`3.times.map\`, \`(1..5).map\`), \`any?\`,
\`all?\` and \`none?\` look at the items' truthiness, \`inject(:+)\` and \`reduce(10, :*)\` fold with an
operator (\`+ - * / %\`), and \`sum(10)\` starts from 10. A range is a list for the list methods:
\`(1..4).sum\`, \`(1..10).to_a.sample\`.

\`\`\`ruby
x = this.split(' ')
x.first
\`\`\`

\`\`\`ruby
total = 0
order_lines.each do |line|
  total += line['price'] * line['qty']
end
total.round(2)
\`\`\`
`;

const SYNTAX_AFTER = `
Fields are evaluated in the order their references require, whatever the schema's order; a
cycle or an unknown name is an error naming the fields, with line and column.

**Mock endpoints.** When a schema generates the answer of a mock API route (docs/mock-handlers.md),
\`request_params['name']\` is the request's path or query parameter of that name, as text (a path
parameter wins over a query parameter of the same name; a query parameter given several times,
\`?tag=a&tag=b\`, is the list of its values, \`['a', 'b']\`), and \`request_entity['name']\` the key of its JSON body: text, a number, true/false, nil, or a
nested object or list to index further (\`request_entity['address']['city']\`). A missing key is nil;
outside a mock endpoint both are empty, so every key is nil. Mockaroo's paging idiom works as there:
a hidden \`__key\` field of type Row Number and \`request_params['page'].to_i * 10 + __key\` as the id.
\`request_params.key?('page')\` tests for a key. A field named \`request_params\` wins over the request.

**When something cannot be computed** a formula never fails the download: arithmetic or
comparison with nil gives nil, division by zero gives nil, a method on a value it does not
apply to (5.upcase) gives nil, text that is not a number converts to 0 (like Ruby's to_i).
Where Ruby would raise an error, you are told: before a generation starts, its first
${PROBED_ROWS} rows are tried, and each formula's first fault there (a method on a value it does not
apply to, a division by zero, a block past its budget) is a warning naming the field, the
method or operator, the value, the position and the row, for example
\`field "shout", parameter "value": 'upcase' does not apply to a number (3) at 1:5 in row 1; the formula gave nil there\`.
Warnings appear where the \`field('X')\` one does (the \`X-Rowloom-Warning\` header, the command
line's stderr, the web page's preview). The rows themselves are not slowed: the trial runs on a
copy of the plan. A nil passed on (a blank field's \`email.upcase\`) is no fault.
Work is bounded: blocks walk at most ${MAX_LIST.toLocaleString('en-US')} items (a range or count written in the formula past that, \`(1..1000000000).map { |x| x }\`, is refused before any row with the field and position; one whose bounds come from the row gives nil) and make at most ${BLOCK_CALLS_PER_EVALUATION.toLocaleString('en-US')} block calls per evaluation (nested ones count together; past that the formula gives nil), formulas are at most 10,000 characters and 100
levels deep, a text a formula builds is cut at ${MAX_TEXT.toLocaleString('en-US')} characters and a list longer than
${MAX_LIST.toLocaleString('en-US')} items is nil; a list whose text would pass ${LIST_TEXT_LIMIT.toLocaleString('en-US')} characters is nil as text.
All the formulas of one row share a budget of ${ROW_FORMULA_TEXT.toLocaleString('en-US')} characters of text built (results of functions,
methods, \`+\` and \`*\`): past it, the formula being evaluated gives nil, so a thousand fields cannot
multiply the per-text bound.

**Regular expressions** (\`=~\`, \`sub\`, \`gsub\`, \`scan\`, \`match?\`, \`split\`) run on RE2 (the RE2JS
port), whose matching time is linear in the text for every pattern: no formula can stall the
service with catastrophic backtracking. RE2 syntax is Ruby's for everyday patterns (classes,
groups, alternation, \`? * + {n,m}\`, \`\\d \\w \\s \\b\`, \`(?<name>...)\`); backreferences and lookarounds
are rejected when the formula compiles, and so are patterns that compile to more than
${MAX_INSTRUCTIONS.toLocaleString('en-US')} steps per character. Each evaluation may spend ${MATCH_BUDGET.toLocaleString('en-US')} steps (text length
times pattern steps) on matching, and all the formulas of one row ${ROW_MATCH_STEPS.toLocaleString('en-US')} together; a match past either budget gives nil. As in Ruby, \`^\` and \`$\` match at line boundaries, the
\`i\` flag ignores case and \`m\` lets \`.\` match a newline. A text pattern (\`s.gsub('.', '')\`)
matches literally. In replacements \`\\0\` is the match and \`\\1\`..\`\\9\` its groups.
\`/pattern/.gen\` instead *generates* a text matching the pattern, with the Regular Expression
type's syntax and limits.

**Dates and times.** Date, Datetime and Time fields are dates inside formulas, as \`this\` and as
other fields' values (each field's text is read back with its own \`format\`):
\`this + days(1)\`, \`c - seconds(60)\`, \`c.strftime('%Y')\`, \`year(c)\`, \`date_diff('days', a, b)\` and
\`a < b\` work on them. As in Ruby, a number added to a date counts days for a Date or Datetime
(and \`Date.today\`, \`DateTime.now\`, \`date(...)\`) and seconds for a Time (and \`now()\`, \`Time.now\`):
\`this + 1\` on a Date field is the next day. Two dates subtract to days (seconds between two
Times). A date result is written in the formula's field's own format, or as ISO 8601
(\`${DEFAULT_DATE_FORMAT}\`) by a field that is not a date type. A date read from a field and returned
unchanged keeps its text (unless the formula's field is a date type with another format), and text methods (\`split\`, \`[0, 4]\`, \`to_s\`, \`+ 'text'\`) see that text.
Parts a format leaves out (a Time has no day, \`%b %d\` no year) are taken from now(); a format
that cannot be read back (a week number alone) leaves the value as text. A \`strftime\` format
written in the formula is checked when it compiles (a width above 64 is an error); one computed
per row that is not valid gives nil.

**The clock.** \`now()\`, \`data_generation_started_at\`, \`Time.now\`, \`DateTime.now\` and \`Date.today\`
(the start of now's day, UTC) read one reference time per generation: the \`now\` option (CLI
\`--now\`, API \`now=\`, ISO 8601) when given; otherwise, when a seed is given, the fixed
${SEEDED_REFERENCE_TIME}, so a seeded run gives the same bytes every time; otherwise the clock.
\`Time.parse(text)\`, \`Date.parse(text)\` and \`DateTime.parse(text)\` read a text as \`date(text)\` does.
Other class methods are errors that say what to use instead (\`Time.current\`: use \`Time.now\` or
\`now()\`; a typo gets "did you mean"). A field named \`Time\` or \`Date\` is read as that field.

**nil converts as in Ruby**: \`nil.to_i\` is 0, \`nil.to_f\` is 0.0 and \`nil.to_s\` is empty text.`;

function syntaxTable(): string {
  const rows = FORMULA_SYNTAX.map(
    (e) => `| ${e.syntax.map((s) => `\`${cell(s)}\``).join(', ')} | ${cell(e.meaning)} |`,
  );
  return `\n${['| Syntax | Meaning |', '|---|---|', ...rows].join('\n')}\n`;
}

export function renderFormulasMarkdown(): string {
  let out =
    '# The formula language\n\nGenerated from the tables the formula checker uses (`npm run docs`); do not edit by hand.\n\n';
  out +=
    SYNTAX_BEFORE +
    syntaxTable() +
    SYNTAX_AFTER +
    '\n\n## Functions\n\n| Function | What it does | Example |\n|---|---|---|\n';
  for (const f of [...SPECIAL_FORMS, ...FUNCTIONS])
    out += `| \`${cell(f.signature)}\` | ${cell(f.description)} | \`${cell(f.example)}\` |\n`;
  out += '\n## Methods\n\n| Method | On | What it does | Example |\n|---|---|---|---|\n';
  for (const m of METHODS)
    out += `| \`${cell(m.signature)}\` | ${m.receivers.join(', ')} | ${cell(m.description)} | \`${cell(m.example)}\` |\n`;
  const planned = PLANNED_METHODS.map((n) => `method \`${n}\``);
  if (planned.length > 0)
    out += `\n## Not available yet\n\n${planned.join(', ')}. Using one is an error that says so.\n`;
  return out;
}
