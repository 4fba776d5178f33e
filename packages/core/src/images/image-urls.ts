/**
 * The addresses of Rowloom's own image endpoints, written by the Avatar and Dummy Image URL
 * types and read by the server's images route: one definition, so the two always agree.
 *
 *   {base}/images/avatar/{seed}.{format}?size={width}x{height}
 *   {base}/images/dummy/{width}x{height}.{format}?bg={rrggbb}&fg={rrggbb}
 */
import type { ImageFormat } from './formats.js';

/** Image sides the endpoints draw, in pixels (both inclusive). */
export const MIN_IMAGE_SIDE = 1;
export const MAX_IMAGE_SIDE = 2000;

export const AVATAR_PATH = '/images/avatar';
export const DUMMY_PATH = '/images/dummy';

/** The default avatar size when a URL gives none, as Mockaroo's Avatar type defaults. */
export const DEFAULT_AVATAR_SIDE = 50;

/** The base URL without trailing slashes, so paths can be appended. */
export function trimBaseUrl(base: string): string {
  // Checked first: this runs for every Dummy Image URL value, and bases rarely end in "/".
  return base.endsWith('/') ? base.replace(/\/+$/, '') : base;
}

/** An avatar URL around its seed: everything before and after it (built once per field). */
export function avatarUrlParts(
  base: string,
  format: ImageFormat,
  width: number,
  height: number,
): { prefix: string; suffix: string } {
  return { prefix: `${trimBaseUrl(base)}${AVATAR_PATH}/`, suffix: `.${format}?size=${width}x${height}` };
}

export function dummyImageUrl(
  base: string,
  width: number,
  height: number,
  format: ImageFormat,
  background: string,
  foreground: string,
): string {
  return `${trimBaseUrl(base)}${DUMMY_PATH}/${width}x${height}.${format}?bg=${background}&fg=${foreground}`;
}
