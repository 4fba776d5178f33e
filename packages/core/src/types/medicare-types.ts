/**
 * Medicare Beneficiary Identifier (MBI), the identifier on US Medicare cards since 2018: 11
 * characters in CMS's fixed pattern of character classes, with no check digit. Letters leave
 * out S, L, O, I, B and Z, which read like digits.
 */
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
const MBI_DIGITS = '0123456789';
const MBI_FIRST = '123456789';

/** CMS's format, position by position: 1 digit 1-9, A letter, AN letter or digit, N digit 0-9. */
const MBI_POSITIONS: readonly string[] = [
  MBI_FIRST,
  MBI_LETTERS,
  MBI_LETTERS + MBI_DIGITS,
  MBI_DIGITS,
  MBI_LETTERS,
  MBI_LETTERS + MBI_DIGITS,
  MBI_DIGITS,
  MBI_LETTERS,
  MBI_LETTERS,
  MBI_DIGITS,
  MBI_DIGITS,
];

export const medicareTypes: TypeDefinition[] = [
  plainType({
    name: 'Medicare Beneficiary ID',
    category: 'Health',
    description:
      'A Medicare Beneficiary Identifier in the CMS format: 11 characters such as 1EG4TE5MK73, without dashes; letters never S, L, O, I, B or Z.',
    characters: () => MBI_LETTERS + MBI_DIGITS,
    smallValues: true,
    generator: () => (random) => {
      let text = '';
      for (const allowed of MBI_POSITIONS) text += allowed[random.below(allowed.length)];
      return text;
    },
  }),
];
