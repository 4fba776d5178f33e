/**
 * A background job's file name: `customers-1b9d6bcd.csv`, from the schema's name made safe for a
 * Content-Disposition header and any file system (letters without accents, digits, `.`, `_`,
 * `-`; every other run of characters one `-`), the id's first block and the writer's extension.
 */
const MAX_BASE_LENGTH = 80;

/** "Kundenübersicht 2024/Q1" → "Kundenubersicht-2024-Q1"; nothing usable → "rowloom". */
export function slugName(name: string): string {
  const slug = name
    .slice(0, 4 * MAX_BASE_LENGTH)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/[-._]+$/, '');
  return slug || 'rowloom';
}

export function jobFileName(name: string, id: string, extension: string): string {
  return `${slugName(name)}-${id.slice(0, 8)}.${extension}`;
}
