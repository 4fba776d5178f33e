/**
 * The image formats Rowloom writes, their content types, and a scene encoded in any of them
 * (as bytes for the images endpoint, or as a data: URI for Base64 Image URL).
 */
import { encodeBmp } from './bmp.js';
import { encodeGif } from './gif.js';
import { encodeJpeg } from './jpeg.js';
import { encodePng } from './png.js';
import { rasterize } from './raster.js';
import type { Scene } from './scene.js';
import { sceneToSvg } from './svg.js';

export const IMAGE_FORMATS = ['png', 'gif', 'jpg', 'bmp', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** A format named in a URL or parameter ("PNG", "jpeg"...), or null when it is not one of ours. */
export function imageFormatOf(text: string): ImageFormat | null {
  const name = text.toLowerCase();
  if (name === 'jpeg') return 'jpg';
  return (IMAGE_FORMATS as readonly string[]).includes(name) ? (name as ImageFormat) : null;
}

export function encodeScene(scene: Scene, format: ImageFormat): Buffer {
  switch (format) {
    case 'svg':
      return Buffer.from(sceneToSvg(scene), 'utf8');
    case 'png':
      return encodePng(rasterize(scene));
    case 'gif':
      return encodeGif(rasterize(scene));
    case 'jpg':
      return encodeJpeg(rasterize(scene));
    case 'bmp':
      return encodeBmp(rasterize(scene));
  }
}

/** `data:image/png;base64,...` */
export function dataUri(scene: Scene, format: ImageFormat): string {
  return `data:${CONTENT_TYPES[format]};base64,${encodeScene(scene, format).toString('base64')}`;
}
