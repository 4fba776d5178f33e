/**
 * The images the Avatar and Dummy Image URL types point at, drawn here so their URLs work
 * offline and without an API key:
 *
 *   GET /images/avatar/{seed}.{format}?size={width}x{height}   an identicon decided by the seed
 *   GET /images/dummy/{width}x{height}.{format}?bg=&fg=        a placeholder with its size on it
 *
 * format: png, gif, jpg (or jpeg), bmp, svg. An image is a pure function of its URL, so
 * responses may be cached for good, and recent ones are kept in memory. Images are drawn on a
 * thread of their own (ImageRenderer), a few at a time, so they need no key yet cannot hold
 * the server: past the cap a request waits briefly, then gets a 503 with Retry-After.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { images } from '@rowloom/core';
import { badRequest } from '../../http/http-error.js';
import { queryText, type Query } from '../../http/query.js';
import { errorResponses } from '../../http/openapi.js';
import type { ImageRenderer } from '../../concurrency/image-renderer.js';
import type { ImageOrder } from '../../concurrency/image-worker.js';

const { AVATAR_PATH, CONTENT_TYPES, DEFAULT_AVATAR_SIDE, DUMMY_PATH, IMAGE_FORMATS, MAX_IMAGE_SIDE, MIN_IMAGE_SIDE } =
  images;

/** Longest avatar seed accepted (the URLs Rowloom writes use about 30 characters). */
const MAX_SEED_LENGTH = 100;
const DEFAULT_BACKGROUND = 'cccccc';
const DEFAULT_FOREGROUND = '555555';
/** The same URL always gives the same bytes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImageCacheLimits {
  /** Most images kept. */
  entries: number;
  /** Most bytes kept, all images together. */
  bytes: number;
}

export const DEFAULT_IMAGE_CACHE: ImageCacheLimits = { entries: 500, bytes: 32 * 1024 * 1024 };

/** Least-recently-used cache of encoded images, bounded by count and by total size. */
export class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private size = 0;

  constructor(private readonly limits: ImageCacheLimits) {}

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes !== undefined) {
      // Re-inserting moves it to the end: Map iteration order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.limits.bytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.size -= old.length;
    }
    this.entries.set(key, bytes);
    this.size += bytes.length;
    while (this.entries.size > this.limits.entries || this.size > this.limits.bytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.size -= oldest.length;
    }
  }

  get count(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.size;
  }
}

const FORMAT_LIST = IMAGE_FORMATS.map((f) => '.' + f).join(', ');

/** "name.ext" -> its name and image format; a 400 naming the format when it is not one. */
function splitFormat(
  file: string,
  what: string,
  fallback: images.ImageFormat | null,
): { name: string; format: images.ImageFormat } {
  const dot = file.lastIndexOf('.');
  if (dot < 0) {
    if (fallback) return { name: file, format: fallback };
    throw badRequest(`the ${what} address must end in an image format: ${FORMAT_LIST}`);
  }
  const extension = file.slice(dot + 1);
  const format = images.imageFormatOf(extension);
  if (!format) throw badRequest(`format "${extension}" is not supported; use one of ${FORMAT_LIST} (or .jpeg)`);
  return { name: file.slice(0, dot), format };
}

/** A side in pixels, or a 400 naming the parameter and the allowed range. */
function sideOf(text: string, parameter: string): number {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= MIN_IMAGE_SIDE && n <= MAX_IMAGE_SIDE)) {
    throw badRequest(
      `${parameter} "${text}" is not allowed; give a whole number of pixels from ${MIN_IMAGE_SIDE} to ${MAX_IMAGE_SIDE}`,
    );
  }
  return n;
}

/** "WxH" (or one number for a square) -> width and height. */
function sizeOf(text: string, parameter: string, names: [string, string]): { width: number; height: number } {
  const match = /^(\d+)(?:[xX](\d+))?$/.exec(text);
  if (!match)
    throw badRequest(
      `${parameter} "${text}" is not a size; write it as WIDTHxHEIGHT, e.g. 300x200, each ${MIN_IMAGE_SIDE} to ${MAX_IMAGE_SIDE} pixels`,
    );
  return { width: sideOf(match[1], names[0]), height: sideOf(match[2] ?? match[1], names[1]) };
}

function colorOf(query: Query, parameter: string, fallback: string): images.Rgb {
  const text = queryText(query, parameter);
  if (text === undefined || text === '') return images.parseHexColor(fallback)!;
  const color = images.parseHexColor(text.replace(/^#/, ''));
  if (!color) throw badRequest(`parameter "${parameter}" must be a hex colour such as ff4444 or f44, got "${text}"`);
  return color;
}

const imageResponse = {
  description: 'The image',
  content: Object.fromEntries(
    Object.values(CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
};

const AVATAR_SCHEMA = {
  summary: 'An avatar image',
  description: `An identicon-style picture decided by the seed, as Avatar values link to. No API key needed. Formats: ${FORMAT_LIST}.`,
  tags: ['images'],
  params: {
    type: 'object',
    properties: { file: { type: 'string', description: 'Seed and format, e.g. spargoamiculumblandior.png' } },
  },
  querystring: {
    type: 'object',
    properties: {
      size: {
        type: 'string',
        description: `WIDTHxHEIGHT in pixels, each ${MIN_IMAGE_SIDE} to ${MAX_IMAGE_SIDE} (default ${DEFAULT_AVATAR_SIDE}x${DEFAULT_AVATAR_SIDE})`,
      },
    },
  },
  response: { 200: imageResponse, ...errorResponses(400, 503) },
};

const DUMMY_SCHEMA = {
  summary: 'A placeholder image',
  description: `A solid block of colour with its size printed on it, as Dummy Image URL values link to. No API key needed. Formats: ${FORMAT_LIST}.`,
  tags: ['images'],
  params: {
    type: 'object',
    properties: { file: { type: 'string', description: 'Size and format, e.g. 300x200.png' } },
  },
  querystring: {
    type: 'object',
    properties: {
      bg: { type: 'string', description: `Background colour in hex (default ${DEFAULT_BACKGROUND})` },
      fg: { type: 'string', description: `Text colour in hex (default ${DEFAULT_FOREGROUND})` },
    },
  },
  response: { 200: imageResponse, ...errorResponses(400, 503) },
};

/** The image endpoint as a Fastify plugin: `renderer` draws on threads of its own. */
export async function imagesFeature(
  app: FastifyInstance,
  { renderer, limits = DEFAULT_IMAGE_CACHE }: { renderer: ImageRenderer; limits?: ImageCacheLimits },
): Promise<void> {
  const cache = new ImageCache(limits);

  const send = async (reply: FastifyReply, key: string, order: ImageOrder) => {
    let bytes = cache.get(key);
    if (bytes === undefined) {
      bytes = await renderer.render(key, order);
      cache.set(key, bytes);
    }
    const { format } = order;
    return (
      reply
        .code(200)
        .header('content-type', CONTENT_TYPES[format])
        .header('cache-control', CACHE_CONTROL)
        // An SVG opened on its own runs nothing: the sandbox policy every answer gets (http/security-headers.ts).
        .send(bytes)
    );
  };

  app.get(`${AVATAR_PATH}/:file`, { schema: AVATAR_SCHEMA }, async (request, reply) => {
    const { name: seed, format } = splitFormat((request.params as { file: string }).file, 'avatar', null);
    if (seed === '' || seed.length > MAX_SEED_LENGTH)
      throw badRequest(
        `the avatar seed (the name before the format) must be 1 to ${MAX_SEED_LENGTH} characters, got ${seed.length}`,
      );
    const sizeText = queryText(request.query as Query, 'size');
    const { width, height } =
      sizeText === undefined || sizeText === ''
        ? { width: DEFAULT_AVATAR_SIDE, height: DEFAULT_AVATAR_SIDE }
        : sizeOf(sizeText, 'parameter "size"', ['size (width)', 'size (height)']);
    return send(reply, `avatar\u0000${seed}\u0000${width}x${height}.${format}`, {
      kind: 'avatar',
      seed,
      width,
      height,
      format,
    });
  });

  app.get(`${DUMMY_PATH}/:file`, { schema: DUMMY_SCHEMA }, async (request, reply) => {
    const { name, format } = splitFormat((request.params as { file: string }).file, 'dummy image', 'png');
    const { width, height } = sizeOf(name, 'the size in the address', ['width', 'height']);
    const query = request.query as Query;
    const background = colorOf(query, 'bg', DEFAULT_BACKGROUND);
    const foreground = colorOf(query, 'fg', DEFAULT_FOREGROUND);
    const key = `dummy\u0000${width}x${height}.${format}\u0000${images.hexOf(background)}\u0000${images.hexOf(foreground)}`;
    return send(reply, key, { kind: 'dummy', width, height, format, background, foreground });
  });
}
