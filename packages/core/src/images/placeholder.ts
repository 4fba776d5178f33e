/**
 * Placeholder ("dummy") images: a solid background with the image's size, e.g. "300x200",
 * printed in the middle in the foreground colour when there is room for it.
 */
import { textRects, textSize } from './pixel-font.js';
import type { Rgb, Scene } from './scene.js';

/** The text takes at most this share of the width and of the height. */
const TEXT_WIDTH_SHARE = 0.7;
const TEXT_HEIGHT_SHARE = 0.3;

export function placeholderScene(width: number, height: number, background: Rgb, foreground: Rgb): Scene {
  const text = `${width}x${height}`;
  const size = textSize(text);
  const scale = Math.floor(
    Math.min((width * TEXT_WIDTH_SHARE) / size.width, (height * TEXT_HEIGHT_SHARE) / size.height),
  );
  // Too small for even one screen pixel per font pixel: a plain block of colour.
  const rects =
    scale < 1
      ? []
      : textRects(
          text,
          Math.floor((width - size.width * scale) / 2),
          Math.floor((height - size.height * scale) / 2),
          scale,
          1,
        );
  return { width, height, palette: [background, foreground], background: 0, rects };
}
