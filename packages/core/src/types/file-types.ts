/** The file family: MIME Type and File Name of one row agree (the name's extension is one of the type's). */
import { derivedData } from '../data/data-files.js';
import { EN } from '../data/faker-en.js';
import { charactersOf } from '../kernel/characters.js';
import { defineType, type FamilyDefinition, type TypeDefinition } from '../kernel/define-type.js';
import { LOREM_WORDS } from '../data/lorem-words.js';

export interface FileKind {
  readonly mimeType: string;
  /** Without the dot. */
  readonly extension: string;
}

/** faker's common MIME types with their extensions; one FileKind per type and extension. */
const MIME_TYPES = derivedData(() => {
  const definitions = EN.system?.mime_type;
  if (!definitions) throw new Error('@faker-js/faker EN.system.mime_type is missing: MIME Type and File Name need it');
  const kinds = Object.entries(definitions)
    .filter(([, d]) => Array.isArray(d.extensions) && d.extensions.length > 0)
    .map(([mimeType, d]) => d.extensions.map((extension): FileKind => ({ mimeType, extension })));
  if (kinds.length === 0) throw new Error('@faker-js/faker EN.system.mime_type has no types with extensions');
  return kinds;
});

/** Every (MIME type, extension) pair MIME Type and File Name draw from. */
export function fileKinds(): readonly FileKind[] {
  return MIME_TYPES().flat();
}

/** One MIME type per row, uniformly, then one of its extensions. */
export const fileFamily: FamilyDefinition<FileKind> = {
  name: 'file',
  draw(random) {
    const types = MIME_TYPES();
    const extensions = types[random.below(types.length)];
    return extensions[random.below(extensions.length)];
  },
};

const mimeType = defineType({
  name: 'MIME Type',
  category: 'IT',
  family: fileFamily.name,
  description: "A common media type such as image/png or application/pdf; agrees with the row's File Name.",
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters(charactersOf(MIME_TYPES().map((kinds) => kinds[0].mimeType)));
    return (_random, row) => row.family(fileFamily).mimeType;
  },
});

const FILE_NAME_MAX_WORDS = 3;

const fileName = defineType({
  name: 'File Name',
  category: 'IT',
  family: fileFamily.name,
  description:
    "One to three capitalised lorem words and an extension, e.g. VelitDonec.pdf; the extension is one of the row's MIME Type.",
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    const words = LOREM_WORDS.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
    context.declareCharacters(
      charactersOf(
        words,
        fileKinds().map((k) => '.' + k.extension),
      ),
    );
    return (random, row) => {
      const count = random.intBetween(1, FILE_NAME_MAX_WORDS);
      let name = words[random.below(words.length)];
      for (let i = 1; i < count; i++) name += words[random.below(words.length)];
      return name + '.' + row.family(fileFamily).extension;
    };
  },
});

export const fileTypes: TypeDefinition[] = [mimeType, fileName];
