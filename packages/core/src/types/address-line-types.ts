/**
 * Address Line 2: the secondary unit of a US-style address (apartment, suite, unit, floor, room)
 * or a post office box, in USPS's abbreviated forms such as "Apt 1203" or "PO Box 94035".
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';

/** An ordinal such as 1st, 12th, 23rd: floors are written "14th Floor" as well as "Floor 14". */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return n + suffix;
}

/** The forms and their shares in percent; numbers in the ranges such units usually have. */
const FORMS: readonly (readonly [number, (random: CounterRandom) => string])[] = [
  [35, (random) => `Apt ${random.intBetween(1, 1999)}`],
  [15, (random) => `Suite ${random.intBetween(1, 999)}`],
  [10, (random) => `Unit ${random.intBetween(1, 499)}`],
  [10, (random) => `Room ${random.intBetween(100, 1999)}`],
  [5, (random) => `Floor ${random.intBetween(1, 40)}`],
  [5, (random) => `${ordinal(random.intBetween(1, 40))} Floor`],
  [20, (random) => `PO Box ${random.intBetween(1, 99999)}`],
];
const TOTAL = FORMS.reduce((sum, [share]) => sum + share, 0);

function addressLine2(random: CounterRandom): string {
  let ticket = random.below(TOTAL);
  for (const [share, form] of FORMS) {
    if (ticket < share) return form(random);
    ticket -= share;
  }
  throw new Error('unreachable: the tickets cover every form');
}

export const addressLineTypes: TypeDefinition[] = [
  plainType({
    name: 'Address Line 2',
    category: 'Location',
    description:
      'A secondary address line: an apartment, suite, unit, room or floor ("Apt 1203", "Suite 45", "14th Floor") or a PO box ("PO Box 94035").',
    characters: () => charactersOf('Apt Suite Unit Room Floor PO Box st nd rd th', DIGITS),
    generator: () => addressLine2,
    smallValues: true,
  }),
];
