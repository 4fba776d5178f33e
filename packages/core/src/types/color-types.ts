/**
 * Colours: hex codes (#rrggbb and the short #rgb form, lower case as the established product
 * writes them) and colour names.
 */
import { EN } from '../data/faker-en.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';
import { plainType } from './plain-type.js';

const HEX = '0123456789abcdef';

/**
 * Colour names: faker's English human colour list (capitalised: "Sky Blue"), plus the names the
 * established product is known for that faker lacks (spelled correctly: Mauve, not "Mauv").
 */
const EXTRA_COLOR_NAMES = ['Aquamarine', 'Crimson', 'Goldenrod', 'Khaki', 'Mauve', 'Puce'];

function colorNames(): string[] {
  const human = EN.color?.human ?? [];
  if (human.length === 0) throw new Error('@faker-js/faker EN.color.human is missing: Color reads it');
  const capitalised = human.map((name) => name.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()));
  return [...new Set([...capitalised, ...EXTRA_COLOR_NAMES])].sort();
}

/** '#' and `digits` random lower-case hex digits. */
function hexColorType(name: string, digits: number, description: string): TypeDefinition {
  // One draw covers all the digits: 24 bits for #rrggbb, 12 for #rgb.
  const span = 16 ** digits;
  return plainType({
    name,
    category: 'Basic',
    description,
    characters: () => '#' + HEX,
    generator: () => (random) => '#' + random.below(span).toString(16).padStart(digits, '0'),
    smallValues: true,
  });
}

export const colorTypes: TypeDefinition[] = [
  hexColorType('Hex Color', 6, 'A colour as #rrggbb with lower-case hex digits, e.g. #3fa2c8.'),
  hexColorType('Short Hex Color', 3, 'A colour in the short #rgb form with lower-case hex digits, e.g. #3fc.'),
  listType({
    name: 'Color',
    category: 'Basic',
    description: 'A common English colour name, capitalised (Red, Sky Blue, Turquoise...).',
    values: colorNames,
  }),
];
