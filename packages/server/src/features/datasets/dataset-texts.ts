/**
 * Stored datasets as the generation threads take them (core's DatasetText), kept on this server
 * by revision: the rows' JSON is read from the database and put in shared memory once per
 * revision, then handed to every generation that reads it without a copy. A request reading a
 * dataset (a web page's preview, on every edit) then costs this thread a look-up of the
 * dataset's columns and revision, whatever the dataset's size; the rows are parsed on the
 * generation threads, which keep their parsed copies by the same revision.
 */
import type { DatasetText } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

/** Shared memory kept for datasets' texts, least recently used out first. */
export const DATASET_TEXTS_BUDGET_BYTES = 256 * 1024 * 1024;

interface StoredRow {
  id: string;
  name: string;
  columns: string;
  row_count: number;
  updated_at: string;
  revision: string | null;
}

/**
 * A revision changes whenever the content does: a new random id per upload, with the id and the
 * time of the write beside it, which a server older than migration 0009 (that writes no revision) still changes.
 */
function revisionOf(row: StoredRow): string {
  return `${row.id}|${row.updated_at}|${row.revision ?? ''}`;
}

/** The text's UTF-8 bytes in memory the generation threads share. */
function sharedBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(text)));
  Buffer.from(bytes.buffer, 0, bytes.byteLength).write(text);
  return bytes;
}

export class DatasetTexts {
  private readonly kept = new Map<string, DatasetText>();
  /** Reads in progress, by dataset id. */
  private readonly reading = new Map<string, Promise<DatasetText | undefined>>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DATASET_TEXTS_BUDGET_BYTES) {}

  /** The user's datasets of these names that exist, by name. */
  async named(db: Kysely<Tables>, userId: string, names: readonly string[]): Promise<Record<string, DatasetText>> {
    const rows = await db
      .selectFrom('datasets')
      .select(['id', 'name', 'columns', 'row_count', 'updated_at', 'revision'])
      .where('user_id', '=', userId)
      .where('name', 'in', names)
      .execute();
    const texts = await Promise.all(
      rows.map(async (row) => [row.name, this.take(revisionOf(row)) ?? (await this.read(db, row.id))] as const),
    );
    // fromEntries defines own properties: a dataset named "__proto__" stays a dataset.
    return Object.fromEntries(texts.filter((entry): entry is readonly [string, DatasetText] => entry[1] !== undefined));
  }

  /**
   * Reads a dataset's rows once, however many requests ask for them at the same time. The
   * row's own columns and revision come with its rows (one read), so a dataset replaced
   * meanwhile is kept under its new revision, never the old one; one deleted meanwhile is none.
   */
  private read(db: Kysely<Tables>, id: string): Promise<DatasetText | undefined> {
    let reading = this.reading.get(id);
    if (!reading) {
      reading = (async () => {
        const row = await db
          .selectFrom('datasets')
          .select(['id', 'name', 'columns', 'row_count', 'updated_at', 'revision', 'rows'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        const revision = revisionOf(row);
        return this.keep(revision, {
          revision,
          columns: JSON.parse(row.columns) as string[],
          rowCount: Number(row.row_count),
          rowsJson: sharedBytes(row.rows),
        });
      })().finally(() => this.reading.delete(id));
      this.reading.set(id, reading);
    }
    return reading;
  }

  /** Texts kept now (for tests). */
  get size(): number {
    return this.kept.size;
  }

  private take(revision: string): DatasetText | undefined {
    const text = this.kept.get(revision);
    if (text) {
      this.kept.delete(revision);
      this.kept.set(revision, text);
    }
    return text;
  }

  private keep(revision: string, text: DatasetText): DatasetText {
    const bytes = (text.rowsJson as Uint8Array).byteLength;
    if (bytes > this.budgetBytes) return text;
    this.kept.set(revision, text);
    this.bytes += bytes;
    for (const [old, entry] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(old);
      this.bytes -= (entry.rowsJson as Uint8Array).byteLength;
    }
    return text;
  }
}
