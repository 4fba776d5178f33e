/**
 * A 3x5 pixel font for the digits and "x": enough to print an image's size ("300x200") on a
 * placeholder in every format, as rectangles, without any font file.
 */
import type { Rect } from './scene.js';

const GLYPH_WIDTH = 3;
const GLYPH_HEIGHT = 5;
/** Blank columns between glyphs. */
const SPACING = 1;

/** Each glyph top row first; "#" is ink. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '..#', '..#', '..#'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  x: ['...', '#.#', '.#.', '#.#', '...'],
};

export const FONT_CHARACTERS = Object.keys(GLYPHS).join('');

/** Width and height of `text` in font pixels (before scaling). */
export function textSize(text: string): { width: number; height: number } {
  return { width: text.length * (GLYPH_WIDTH + SPACING) - SPACING, height: GLYPH_HEIGHT };
}

/**
 * The rectangles that print `text` with its top-left corner at (x, y), each font pixel drawn
 * as a `scale`-sided square; horizontal runs of ink become one rectangle.
 */
export function textRects(text: string, x: number, y: number, scale: number, color: number): Rect[] {
  const rects: Rect[] = [];
  [...text].forEach((ch, position) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new RangeError(`the pixel font has no glyph for "${ch}"; it has ${FONT_CHARACTERS}`);
    const left = x + position * (GLYPH_WIDTH + SPACING) * scale;
    glyph.forEach((row, rowIndex) => {
      let runStart = -1;
      for (let column = 0; column <= GLYPH_WIDTH; column++) {
        const ink = column < GLYPH_WIDTH && row[column] === '#';
        if (ink && runStart < 0) runStart = column;
        if (!ink && runStart >= 0) {
          rects.push({
            x: left + runStart * scale,
            y: y + rowIndex * scale,
            width: (column - runStart) * scale,
            height: scale,
            color,
          });
          runStart = -1;
        }
      }
    });
  });
  return rects;
}
