/**
 * The backup archive's tar format (POSIX ustar, with pax headers for long paths and large sizes), on the `tar`
 * package: its Header and Pax encode the entries the backup streams, its Parser reads them back one at a time.
 */
import { once } from 'node:events';
import { Header, Parser, Pax, type ReadEntry } from 'tar';

const BLOCK = 512;
/** An extended (pax) header is read into memory: a long path and a size fit in far less. */
export const PAX_HEADER_MAX = 64 * 1024;

export type TarEntry =
  | { type: 'file'; path: string; mode: number; mtime: number; size: number }
  | { type: 'directory'; path: string; mode: number; mtime: number };

export class TarError extends Error {
  override name = 'TarError';
}

export const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The header block(s) of one entry (a pax header first when needed); a file's `size` bytes and `padding(size)` follow. */
export function entryHeader(entry: TarEntry): Buffer {
  const data = {
    path: entry.type === 'directory' ? `${entry.path.replace(/\/+$/, '')}/` : entry.path,
    mode: entry.mode & 0o7777,
    uid: 0,
    gid: 0,
    size: entry.type === 'file' ? entry.size : 0,
    // Whole seconds, as ustar keeps them (a pax header would otherwise carry the fraction).
    mtime: new Date(Math.floor(entry.mtime / 1000) * 1000),
    type: entry.type === 'directory' ? ('Directory' as const) : ('File' as const),
  };
  const header = new Header(data);
  const needPax = header.encode();
  return needPax ? Buffer.concat([new Pax(data).encode(), header.block!]) : header.block!;
}

/** The two empty blocks that end an archive. */
export const endOfArchive = (): Buffer => Buffer.alloc(2 * BLOCK);

export type TarMember = TarEntry & { body: () => AsyncIterable<Buffer> };

/**
 * The entries of a tar stream, in order. For a file, `body` yields its bytes; what is left unread is skipped
 * when the next entry is asked for. A damaged archive (bad checksum, truncated, an entry of another kind than a
 * file or a folder, an extended header larger than PAX_HEADER_MAX) throws a TarError.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarMember> {
  const parser = new Parser({ strict: true, maxMetaEntrySize: PAX_HEADER_MAX });
  const entries: ReadEntry[] = [];
  let failure: Error | undefined;
  let ended = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  let interrupt: () => void = () => undefined;
  const interrupted = new Promise<void>((resolve) => {
    interrupt = resolve;
  });
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const fail = (error: Error) => {
    failure ??= error;
    interrupt();
    notify();
  };
  parser.on('entry', (entry: ReadEntry) => {
    entries.push(entry);
    notify();
  });
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    if (entry.meta) {
      fail(
        new TarError(`the archive has an extended header of ${entry.size} bytes (at most ${PAX_HEADER_MAX} are read)`),
      );
    }
  });
  parser.on('error', (error: Error & { code?: string }) => {
    const truncated = /Truncated input|unexpected EOF/i.test(error.message);
    fail(
      new TarError(
        truncated
          ? 'the archive is truncated'
          : /checksum/i.test(error.message)
            ? 'the archive has a damaged header (bad checksum)'
            : `the archive is damaged (${error.message})`,
      ),
    );
  });
  parser.on('end', () => {
    ended = true;
    notify();
  });

  // Fed as the entries are read: the parser answers false while the current entry's body is not consumed.
  void (async () => {
    for await (const chunk of source) {
      if (stopped || failure) return;
      if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), interrupted]);
    }
    if (!stopped && !failure) parser.end();
  })().catch((error: Error) => fail(error));

  try {
    for (;;) {
      const entry = entries.shift();
      if (entry) {
        const path = entry.path.replace(/\/+$/, '');
        const common = { path, mode: entry.mode ?? 0, mtime: entry.mtime?.getTime() ?? 0 };
        if (entry.type === 'Directory') {
          entry.resume();
          yield { type: 'directory', ...common, body: async function* () {} };
          continue;
        }
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          throw new TarError(`the archive holds an entry of a kind a backup never has: ${path}`);
        }
        yield { type: 'file', ...common, size: entry.size, body: () => entry };
        entry.resume();
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    stopped = true;
    interrupt();
  }
}
