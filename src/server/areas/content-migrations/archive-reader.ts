import yauzl from 'yauzl';

/**
 * Reads an uploaded archive with hard limits before anything in it is believed (decision 0112): every entry name
 * must be a plain relative path inside the archive (no `..`, no absolute or drive paths, no backslashes, no
 * duplicates), no entry may be a symbolic link, and the inflated sizes are capped per entry, in total and in
 * their ratio to the compressed size (zip bombs), counted on the bytes actually inflated, not only the headers.
 */

export interface ArchiveLimits {
  readonly entries: number;
  readonly entryBytes: number;
  readonly totalBytes: number;
  /** Inflated ÷ compressed, for entries larger than `ratioFloorBytes`. */
  readonly ratio: number;
  readonly ratioFloorBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = { entries: 5000, entryBytes: 8 * 1024 * 1024, totalBytes: 64 * 1024 * 1024, ratio: 100, ratioFloorBytes: 64 * 1024 };

/** Why an archive is refused: a message for the migration issue. */
export class ArchiveRefused extends Error {}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The entry's path if it is a safe relative path; the reason otherwise. */
export function checkEntryName(name: string): string | null {
  if (name === '' || name.includes('\0')) return 'an empty or NUL-containing name';
  if (name.includes('\\')) return `a backslash in "${name}"`;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return `an absolute path "${name}"`;
  if (name.split('/').some((segment) => segment === '..')) return `a path leaving the archive "${name}"`;
  return null;
}

function open(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip)));
  });
}

function entryBytes(zip: yauzl.ZipFile, entry: yauzl.Entry, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const parts: Buffer[] = [];
      let length = 0;
      stream.on('data', (piece: Buffer) => {
        length += piece.length;
        if (length > cap) {
          stream.destroy();
          reject(new ArchiveRefused(`an entry inflates past ${cap} bytes`));
          return;
        }
        parts.push(piece);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(parts)));
    });
  });
}

/** Every file entry of the archive by path, or ArchiveRefused naming the first thing wrong with it. */
export async function readArchive(bytes: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(bytes);
  } catch (err) {
    throw new ArchiveRefused(`the file is not a readable zip archive (${(err as Error).message})`);
  }
  const entries = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(err instanceof ArchiveRefused ? err : new ArchiveRefused(`the archive is damaged (${err.message})`)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entries.size >= limits.entries) throw new ArchiveRefused(`the archive has more than ${limits.entries} entries`);
          const name = Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString('utf8') : String(entry.fileName);
          const bad = checkEntryName(name);
          if (bad) throw new ArchiveRefused(`the archive names ${bad}`);
          if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new ArchiveRefused(`the archive holds a symbolic link "${name}"`);
          if (name.endsWith('/')) return zip.readEntry();
          if (entries.has(name)) throw new ArchiveRefused(`the archive names "${name}" twice`);
          if (entry.uncompressedSize > limits.entryBytes) throw new ArchiveRefused(`"${name}" is larger than ${limits.entryBytes} bytes`);
          if (total + entry.uncompressedSize > limits.totalBytes) throw new ArchiveRefused(`the archive inflates past ${limits.totalBytes} bytes`);
          if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.ratio * Math.max(entry.compressedSize, 1)) {
            throw new ArchiveRefused(`"${name}" inflates more than ${limits.ratio} times (a zip bomb)`);
          }
          const data = await entryBytes(zip, entry, Math.min(limits.entryBytes, limits.totalBytes - total));
          total += data.length;
          entries.set(name, data);
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    if (err instanceof ArchiveRefused) throw err;
    throw new ArchiveRefused(`the archive cannot be read (${(err as Error).message})`);
  }
  return entries;
}
