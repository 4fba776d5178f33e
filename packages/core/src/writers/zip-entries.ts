/** Reading ZIP files back in tests (xlsx workbooks, a project's tables): yauzl, every entry's CRC checked against its inflated bytes. */
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** Every entry of the zip, by name, each checked against the CRC-32 its headers give. */
export async function zipEntries(file: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, z) =>
      error ? reject(error) : resolve(z),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          assert.equal(crc32(bytes), entry.crc32, `CRC-32 of ${entry.fileName}`);
          entries.set(entry.fileName, bytes);
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
