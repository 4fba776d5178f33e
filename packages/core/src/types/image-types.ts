/**
 * Image types. Avatar and Dummy Image URL write addresses of Rowloom's own image endpoints
 * (CreateContext.publicUrl + /images/...), which draw the picture the URL describes, so the
 * links work without any outside service. Base64 Image URL carries the picture itself, as a
 * data: URI of a real PNG, GIF or JPEG of the drawn size.
 */
import {
  avatarUrlParts,
  dataUri,
  DEFAULT_AVATAR_SIDE,
  dummyImageUrl,
  MAX_IMAGE_SIDE,
  MIN_IMAGE_SIDE,
  parseHexColor,
  placeholderScene,
  type ImageFormat,
} from '../images/index.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { defineType, type ParamSpec, type ResolvedParams, type TypeDefinition } from '../kernel/define-type.js';
import { LOREM_WORDS } from '../data/lorem-words.js';

const side = (name: string, fallback: number, description: string): ParamSpec => ({
  name,
  kind: 'integer',
  default: fallback,
  min: MIN_IMAGE_SIDE,
  max: MAX_IMAGE_SIDE,
  description: `${description} (${MIN_IMAGE_SIDE} to ${MAX_IMAGE_SIDE})`,
});

// ---------------------------------------------------------------------------------------------
// Avatar

const AVATAR_FORMATS = ['png', 'jpg', 'bmp'] as const;
/** Words in an avatar's seed: 999^3 different pictures. */
const AVATAR_SEED_WORDS = 3;

const avatar = defineType({
  name: 'Avatar',
  category: 'IT',
  description:
    'The URL of an identicon-style avatar picture served by this Rowloom, e.g. http://localhost:3000/images/avatar/spargoamiculumblandior.png?size=50x50: the seed words in the name decide the picture.',
  params: [
    side('height', DEFAULT_AVATAR_SIDE, 'Image height in pixels'),
    side('width', DEFAULT_AVATAR_SIDE, 'Image width in pixels'),
    {
      name: 'format',
      kind: 'string',
      default: 'png',
      allowed: AVATAR_FORMATS,
      description: `Image format: ${AVATAR_FORMATS.join(', ')}`,
    },
  ],
  output: 'string',
  smallValues: true,
  create(params, context) {
    const words = LOREM_WORDS;
    const width = params.width as number;
    const height = params.height as number;
    const format = params.format as ImageFormat;
    // Everything but the seed is the same in every row: built once. Seeds are plain lower-case
    // words, which need no escaping in a URL path.
    const { prefix, suffix } = avatarUrlParts(context.publicUrl(), format, width, height);
    context.declareCharacters(charactersOf(prefix, suffix, words));
    return (random) => {
      let url = prefix;
      for (let i = 0; i < AVATAR_SEED_WORDS; i++) url += words[random.below(words.length)];
      return url + suffix;
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Dummy Image URL and Base64 Image URL: placeholders of a random size

/** Background and text colours of placeholders (as dummy-image services use), text readable on each. */
const PLACEHOLDER_COLORS: readonly (readonly [string, string])[] = [
  ['ff4444', 'ffffff'],
  ['5fa2dd', 'ffffff'],
  ['cc0000', 'ffffff'],
  ['dddddd', '000000'],
  ['4a7b3f', 'ffffff'],
  ['ffcc33', '333333'],
  ['8844aa', 'ffffff'],
  ['eeeeee', '555555'],
];

const RANDOM_FORMATS: readonly ImageFormat[] = ['png', 'gif', 'jpg'];
const PLACEHOLDER_FORMAT_CHOICES = ['random', ...RANDOM_FORMATS] as const;

/**
 * Base64 Image URL encodes every value, and JPEG through jpeg-js costs 30-100 ms an image (the
 * encoder rebuilds its tables per call): its `random` mixes only PNG and GIF; jpg stays
 * available when asked for by name.
 */
const BASE64_RANDOM_FORMATS: readonly ImageFormat[] = ['png', 'gif'];

const placeholderParams = (
  defaultFormat: string,
  randomFormats: readonly ImageFormat[] = RANDOM_FORMATS,
): ParamSpec[] => [
  side('minHeight', 64, 'Minimum height in pixels'),
  side('maxHeight', 256, 'Maximum height in pixels'),
  side('minWidth', 64, 'Minimum width in pixels'),
  side('maxWidth', 256, 'Maximum width in pixels'),
  {
    name: 'format',
    kind: 'string',
    default: defaultFormat,
    allowed: PLACEHOLDER_FORMAT_CHOICES,
    description: `Image format: random (${randomFormats.join(' or ')} per row), png, gif or jpg`,
  },
];

function checkRanges(params: ResolvedParams, problem: (param: string | null, message: string) => void): void {
  for (const dimension of ['Height', 'Width']) {
    const min = params[`min${dimension}`] as number;
    const max = params[`max${dimension}`] as number;
    if (min > max)
      problem(
        `min${dimension}`,
        `min${dimension} ${min} is more than max${dimension} ${max}; give a minimum no larger than the maximum`,
      );
  }
}

/** One placeholder's size, format and colours, drawn for a row. */
interface Placeholder {
  width: number;
  height: number;
  format: ImageFormat;
  colors: number;
}

function placeholderDrawer(
  params: ResolvedParams,
  randomFormats: readonly ImageFormat[] = RANDOM_FORMATS,
): (random: CounterRandom) => Placeholder {
  const [minWidth, maxWidth, minHeight, maxHeight] = [
    params.minWidth,
    params.maxWidth,
    params.minHeight,
    params.maxHeight,
  ] as number[];
  const fixedFormat = params.format === 'random' ? null : (params.format as ImageFormat);
  return (random) => ({
    width: random.intBetween(minWidth, maxWidth),
    height: random.intBetween(minHeight, maxHeight),
    format: fixedFormat ?? randomFormats[random.below(randomFormats.length)],
    colors: random.below(PLACEHOLDER_COLORS.length),
  });
}

const dummyImage = defineType({
  name: 'Dummy Image URL',
  category: 'Advanced',
  description:
    'The URL of a placeholder image served by this Rowloom, a random size within the bounds on a coloured background, e.g. http://localhost:3000/images/dummy/166x137.png?bg=ff4444&fg=ffffff.',
  params: placeholderParams('random'),
  check: checkRanges,
  output: 'string',
  smallValues: true,
  create(params, context) {
    const base = context.publicUrl();
    const draw = placeholderDrawer(params);
    // Every URL is one of these with other digits in the size.
    const shapes = RANDOM_FORMATS.flatMap((format) =>
      PLACEHOLDER_COLORS.map(([bg, fg]) => dummyImageUrl(base, 0, 0, format, bg, fg)),
    );
    context.declareCharacters(charactersOf(shapes, DIGITS));
    return (random) => {
      const { width, height, format, colors } = draw(random);
      const [background, foreground] = PLACEHOLDER_COLORS[colors];
      return dummyImageUrl(base, width, height, format, background, foreground);
    };
  },
});

/** Data URIs kept per field: a schema with fixed sizes repeats a handful of images. */
const DATA_URI_CACHE_ENTRIES = 64;

const base64Image = defineType({
  name: 'Base64 Image URL',
  category: 'Advanced',
  description:
    'A data: URI holding a real placeholder image (a coloured block with its size printed on it) of a random size within the bounds, e.g. data:image/png;base64,iVBORw0KGgo...',
  params: placeholderParams('png', BASE64_RANDOM_FORMATS),
  exampleParams: { minWidth: 16, maxWidth: 32, minHeight: 16, maxHeight: 32 },
  check: checkRanges,
  output: 'string',
  create(params, context) {
    const draw = placeholderDrawer(params, BASE64_RANDOM_FORMATS);
    const colors = PLACEHOLDER_COLORS.map(([bg, fg]) => [parseHexColor(bg)!, parseHexColor(fg)!] as const);
    const cache = new Map<string, string>();
    context.declareCharacters(
      charactersOf('data:image/pngifje;base64,', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/='),
    );
    return (random) => {
      const { width, height, format, colors: index } = draw(random);
      const key = `${width}x${height}.${format}.${index}`;
      let uri = cache.get(key);
      if (uri === undefined) {
        const [background, foreground] = colors[index];
        uri = dataUri(placeholderScene(width, height, background, foreground), format);
        // Least recently added goes first once full; values never depend on what is cached.
        if (cache.size >= DATA_URI_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, uri);
      }
      return uri;
    };
  },
});

export const imageTypes: TypeDefinition[] = [avatar, dummyImage, base64Image];
