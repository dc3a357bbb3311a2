/**
 * The backup file's container: a POSIX tar (ustar) stream, gzip-compressed — what `tar -xzf`
 * opens on any machine, written and read here without a dependency. Entries are streamed in
 * and out, so a large PostgreSQL dump never sits in memory whole.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  /** A relative path with forward slashes, at most 255 bytes. */
  name: string;
  size: number;
  /** The entry's bytes: a buffer, or a function opening its stream (a file). */
  data: Buffer | (() => Readable);
}

function writeString(header: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" is too long for its field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** ustar's size field holds 11 octal digits (8 GiB); beyond, GNU's base-256 form. */
function writeSize(header: Buffer, size: number) {
  if (size < 8 ** 11) return writeOctal(header, size, 124, 12);
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i -= 1) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let value = 0n;
    for (let i = 125; i < 136; i += 1) value = (value << 8n) | BigInt(header[i]!);
    return Number(value);
  }
  return parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
}

/** A name longer than 100 bytes goes into ustar's prefix (155) + name (100), split at a '/'. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.lastIndexOf('/'); cut > 0; cut = name.lastIndexOf('/', cut - 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: the path ${name} is too long`);
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeSize(header, size);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  header[156] = 0x30; // '0': a regular file
  writeString(header, 'ustar\u000000', 257, 8);
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime: Date) {
  for await (const entry of entries) {
    yield tarHeader(entry.name, entry.size, mtime);
    let written = 0;
    if (Buffer.isBuffer(entry.data)) {
      written = entry.data.length;
      yield entry.data;
    } else {
      for await (const chunk of entry.data()) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    // The header promised `size` bytes: a file that changed under us would corrupt the archive.
    if (written !== entry.size) {
      throw new Error(`${entry.name} changed while it was being backed up (${written} bytes)`);
    }
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** SHA-256 of what passes through, hex once the stream has ended. */
export class HashingStream extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.push(chunk);
    done();
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Writes the entries as a .tar.gz to `file` (created, never overwritten), fsynced before it
 * resolves; answers the file's size and SHA-256.
 */
export async function writeTarGz(
  file: string,
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
  mtime: Date,
): Promise<{ sizeBytes: number; sha256: string }> {
  const hashing = new HashingStream();
  await pipeline(
    Readable.from(tarStream(entries, mtime)),
    createGzip({ level: 6 }),
    hashing,
    createWriteStream(file, { flags: 'wx' }),
  );
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { sizeBytes: hashing.bytes, sha256: hashing.digest() };
}

/** Where an entry's bytes go while the archive is read. */
export interface TarSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Reads a .tar.gz, handing each regular file's bytes to the sink `open` gives for it (null:
 * skipped). A damaged file (gzip's CRC, a bad header checksum, a short stream) throws.
 */
export async function readTarGz(
  file: string,
  openEntry: (entry: { name: string; size: number }) => Promise<TarSink | null> | TarSink | null,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let sink: TarSink | null = null;
  let remaining = 0; // bytes of the current entry still to come
  let skip = 0; // padding still to skip
  let finished = false;

  async function consume(chunk: Buffer) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!finished) {
      if (remaining > 0) {
        if (pending.length === 0) return;
        const part = pending.subarray(0, Math.min(remaining, pending.length));
        pending = pending.subarray(part.length);
        remaining -= part.length;
        if (sink) await sink.write(part);
        if (remaining === 0 && sink) {
          await sink.end();
          sink = null;
        }
        continue;
      }
      if (skip > 0) {
        const part = Math.min(skip, pending.length);
        pending = pending.subarray(part);
        skip -= part;
        if (skip > 0) return;
        continue;
      }
      if (pending.length < BLOCK) return;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        finished = true;
        return;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
      const stated = parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
      if (sum !== stated) throw new Error('the archive is damaged (a header checksum is wrong)');
      const base = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      const name = prefix ? `${prefix}/${base}` : base;
      const size = readSize(header);
      const type = String.fromCharCode(header[156]!);
      const regular = type === '0' || type === '\0';
      sink = regular ? await openEntry({ name, size }) : null;
      remaining = size;
      skip = (BLOCK - (size % BLOCK)) % BLOCK;
      if (size === 0 && sink) {
        await sink.end();
        sink = null;
      }
    }
  }

  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) await consume(chunk as Buffer);
  } finally {
    // A refusal partway ends gunzip only: the file's stream, unpiped, would keep its descriptor.
    input.destroy();
  }
  if (!finished || remaining > 0) throw new Error('the archive is damaged (it ends too early)');
}

/** SHA-256 of a whole file, hex. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
