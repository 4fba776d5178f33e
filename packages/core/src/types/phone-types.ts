/**
 * Phone: a North American number in one of the eight layouts Mockaroo's Phone type offers. Area and exchange
 * codes are real US ones (faker en_US), the line number is random, and a layout with an
 * eleventh digit starts with the country code 1.
 */
import { derivedData } from '../data/data-files.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { fakerLocale } from './faker-locale.js';

export const PHONE_FORMATS = [
  '###-###-####',
  '(###) ###-####',
  '### ### ####',
  '+# ### ### ####',
  '+# (###) ###-####',
  '+#-###-###-####',
  '#-(###)###-####',
  '##########',
] as const;

const DEFAULT_FORMAT = '#-(###)###-####';
const COUNTRY_CODE = '1';

/** Area and exchange codes in use in the US, e.g. 212 and 555. */
const CODES = derivedData(() => {
  const phone = fakerLocale('en_US').phone_number as { area_code?: string[]; exchange_code?: string[] } | undefined;
  const areas = phone?.area_code;
  const exchanges = phone?.exchange_code;
  if (!areas?.length || !exchanges?.length)
    throw new Error('@faker-js/faker en_US phone_number.area_code / exchange_code are missing: Phone needs them');
  return { areas, exchanges };
});

/** "0000".."9999" */
const LINE_NUMBERS = derivedData(() => Array.from({ length: 10000 }, (_, i) => String(i).padStart(4, '0')));

/** A layout as the literal text before each run of digits and how many digits the run takes. */
interface Layout {
  readonly literals: string[];
  readonly runs: number[];
  readonly trailing: string;
  readonly digitCount: number;
}

function layoutOf(format: string): Layout {
  const literals: string[] = [];
  const runs: number[] = [];
  let literal = '';
  let run = 0;
  for (const ch of format) {
    if (ch === '#') {
      if (run === 0) {
        literals.push(literal);
        literal = '';
      }
      run++;
    } else {
      if (run > 0) runs.push(run);
      run = 0;
      literal += ch;
    }
  }
  if (run > 0) runs.push(run);
  return { literals, runs, trailing: literal, digitCount: runs.reduce((a, b) => a + b, 0) };
}

const phone = defineType({
  name: 'Phone',
  category: 'Person',
  description:
    'A US phone number with a real area and exchange code in the chosen layout, e.g. 1-(212)555-0187; layouts with eleven digits start with the country code 1.',
  params: [
    {
      name: 'format',
      kind: 'string',
      default: DEFAULT_FORMAT,
      allowed: PHONE_FORMATS,
      description: `Layout, # being a digit: ${PHONE_FORMATS.join('; ')}`,
    },
  ],
  exampleParams: { format: '(###) ###-####' },
  output: 'string',
  smallValues: true,
  create(params, context) {
    const format = String(params.format);
    const layout = layoutOf(format);
    const { areas, exchanges } = CODES();
    const lines = LINE_NUMBERS();
    const prefix = layout.digitCount === 11 ? COUNTRY_CODE : '';
    context.declareCharacters(charactersOf(DIGITS, layout.literals, layout.trailing));
    return (random) => {
      const digits =
        prefix +
        areas[random.below(areas.length)] +
        exchanges[random.below(exchanges.length)] +
        lines[random.below(10000)];
      let text = '';
      let at = 0;
      for (let i = 0; i < layout.runs.length; i++) {
        text += layout.literals[i] + digits.slice(at, at + layout.runs[i]);
        at += layout.runs[i];
      }
      return text + layout.trailing;
    };
  },
});

export const phoneTypes: TypeDefinition[] = [phone];
