/** Image drawing and encoding: what the image types and the server's images route share. */
export { CONTENT_TYPES, IMAGE_FORMATS, dataUri, encodeScene, imageFormatOf, type ImageFormat } from './formats.js';
export { identiconScene } from './identicon.js';
export { placeholderScene } from './placeholder.js';
export { parseHexColor, hexOf, type Rgb, type Scene } from './scene.js';
export {
  AVATAR_PATH,
  DEFAULT_AVATAR_SIDE,
  DUMMY_PATH,
  MAX_IMAGE_SIDE,
  MIN_IMAGE_SIDE,
  avatarUrlParts,
  dummyImageUrl,
} from './image-urls.js';
