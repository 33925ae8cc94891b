/**
 * A small tar (POSIX ustar, with pax headers for long paths and large sizes) writer and streaming reader:
 * enough for the backup archive, and readable by GNU and BSD tar.
 */

const BLOCK = 512;
const USTAR_SIZE_MAX = 0o77777777777; // 11 octal digits

export type TarEntry =
  | { type: 'file'; path: string; mode: number; mtime: number; size: number }
  | { type: 'directory'; path: string; mode: number; mtime: number };

export class TarError extends Error {
  override name = 'TarError';
}

function octal(value: number, width: number): string {
  return `${Math.floor(value)
    .toString(8)
    .padStart(width - 1, '0')}\0`;
}

/** Splits a path that does not fit the 100-byte name field into ustar's prefix (155 bytes) and name. */
function splitUstar(path: string): { name: string; prefix: string } | undefined {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name !== '') return { name, prefix };
  }
  return undefined;
}

function header(fields: { name: string; prefix: string; mode: number; size: number; mtime: number; type: string }) {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, 100, 'utf8');
  block.write(octal(fields.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(fields.size, 12), 124, 'ascii');
  block.write(octal(fields.mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(fields.type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(fields.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

export const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The header block(s) of one entry; a file's `size` bytes and `padding(size)` follow. */
export function entryHeader(entry: TarEntry): Buffer {
  const path = entry.type === 'directory' ? `${entry.path.replace(/\/+$/, '')}/` : entry.path;
  const size = entry.type === 'file' ? entry.size : 0;
  const mtime = Math.floor(entry.mtime / 1000);
  const split = splitUstar(path);
  const records = [
    ...(split ? [] : [paxRecord('path', path)]),
    ...(size > USTAR_SIZE_MAX ? [paxRecord('size', String(size))] : []),
  ].join('');
  const blocks: Buffer[] = [];
  if (records) {
    const pax = Buffer.from(records, 'utf8');
    blocks.push(
      header({ name: 'PaxHeader', prefix: '', mode: 0o644, size: pax.length, mtime, type: 'x' }),
      pax,
      padding(pax.length),
    );
  }
  const { name, prefix } = split ?? { name: path.slice(-100), prefix: '' };
  blocks.push(
    header({
      name,
      prefix,
      mode: entry.mode,
      size: size > USTAR_SIZE_MAX ? 0 : size,
      mtime,
      type: entry.type === 'directory' ? '5' : '0',
    }),
  );
  return Buffer.concat(blocks);
}

/** The two empty blocks that end an archive. */
export const endOfArchive = (): Buffer => Buffer.alloc(2 * BLOCK);

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(bytes: number): Promise<void> {
    while (this.buffered < bytes && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    if (this.buffered < bytes) throw new TarError('the archive is truncated');
  }

  /** Up to `max` bytes (at least one) from the front of the buffer. */
  private shift(max: number): Buffer {
    const first = this.chunks[0]!;
    const piece = first.subarray(0, max);
    if (piece.length === first.length) this.chunks.shift();
    else this.chunks[0] = first.subarray(piece.length);
    this.buffered -= piece.length;
    return piece;
  }

  async take(bytes: number): Promise<Buffer> {
    await this.fill(bytes);
    const pieces: Buffer[] = [];
    let left = bytes;
    while (left > 0) {
      const piece = this.shift(left);
      pieces.push(piece);
      left -= piece.length;
    }
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  }

  /** The next 1 to `max` bytes. */
  async piece(max: number): Promise<Buffer> {
    await this.fill(1);
    return this.shift(max);
  }
}

const text = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

function number(block: Buffer, start: number, length: number): number {
  const raw = text(block, start, length).trim();
  if (raw === '') return 0;
  if (!/^[0-7]+$/.test(raw)) throw new TarError('the archive has a damaged header');
  return Number.parseInt(raw, 8);
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !Number.isInteger(length) || length <= 0)
      throw new TarError('the archive has a damaged header');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/**
 * The entries of a tar stream, in order. For a file, `body` yields its bytes; what is left unread is skipped
 * when the next entry is asked for.
 */
export async function* readTar(
  source: AsyncIterable<Buffer>,
): AsyncGenerator<TarEntry & { body: () => AsyncGenerator<Buffer> }> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
    if (sum !== number(block, 148, 8)) throw new TarError('the archive has a damaged header (bad checksum)');
    const type = text(block, 156, 1) || '0';
    const size = pax.size ? Number(pax.size) : number(block, 124, 12);
    if (type === 'x' || type === 'g') {
      const data = await reader.take(size);
      await reader.take(padding(size).length);
      if (type === 'x') pax = parsePax(data);
      continue;
    }
    const prefix = text(block, 345, 155);
    const name = text(block, 0, 100);
    const path = (pax.path ?? (prefix ? `${prefix}/${name}` : name)).replace(/\/+$/, '');
    const mode = number(block, 100, 8);
    const mtime = number(block, 136, 12) * 1000;
    pax = {};
    if (type === '5') {
      yield { type: 'directory', path, mode, mtime, body: async function* () {} };
      continue;
    }
    if (type !== '0') throw new TarError(`the archive holds an entry of a kind a backup never has: ${path}`);
    let remaining = size;
    const body = async function* () {
      while (remaining > 0) {
        const piece = await reader.piece(remaining);
        remaining -= piece.length;
        yield piece;
      }
    };
    yield { type: 'file', path, mode, mtime, size, body };
    while (remaining > 0) remaining -= (await reader.piece(remaining)).length;
    await reader.take(padding(size).length);
  }
}
