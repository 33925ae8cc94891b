/**
 * Backup and restore of an embedded install (DATA_DIR): one .tar.gz holding the PostgreSQL cluster, the uploads
 * and the generated secrets.
 *
 * - Running install: PostgreSQL's low-level, non-exclusive base backup. One session creates a temporary physical
 *   replication slot (it keeps every WAL segment from the last checkpoint on until the session ends, so a
 *   checkpoint during a long copy cannot recycle what the backup needs), calls pg_backup_start, the cluster's
 *   files are copied while the server serves, pg_backup_stop gives the backup_label, and the WAL segments from
 *   the backup's start to its end are copied last. At its first start on the restored folder, PostgreSQL finds
 *   backup_label and the WAL in pg_wal and replays up to a consistent state (as after `pg_basebackup -X fetch`).
 * - Stopped install: the cluster is copied as it is, under DATA_DIR/evmap.lock so that the app cannot start
 *   meanwhile.
 * - The uploads are copied after the database: every image that the saved database refers to is already on disk.
 */
import { createReadStream, createWriteStream, type Dirent, existsSync, readFileSync } from 'node:fs';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { isAlive, serverOwner } from '../db/embedded-postgres';
import { runningServerConnection } from '../demo/seed/seed-database';
import { endOfArchive, entryHeader, padding, readTar, TarError } from './tar';

export class BackupError extends Error {
  override name = 'BackupError';
}

type Log = (message: string) => void;

export type BackupPaths = {
  dataDir: string;
  /** Where the app keeps uploaded images (UPLOADS_DIR, by default DATA_DIR/uploads). */
  uploadsDir: string;
};

const MANIFEST = 'evmap-backup.json';
const FORMAT = 'evmap-backup';
const VERSION = 1;
/** Files the app generates in DATA_DIR on first start: the JWT signing key and the database password. */
const SECRET_FILES = ['jwt-secret', 'pg-password'];
const CHUNK = 256 * 1024;

type Manifest = {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  method: 'online' | 'offline';
  postgresVersion: string;
  secrets: string[];
};

/** Top-level files of the cluster that a base backup leaves out (PostgreSQL docs, "Making a Base Backup"). */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'current_logfiles.tmp',
  'postgresql.auto.conf.tmp',
]);
/** Folders whose contents a base backup leaves out (the folders themselves are kept). */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined; // no /proc (macOS): trust the pid
  }
}

/** The pid of the PostgreSQL server running on `pgDir`, if one is. */
function livePostmaster(pgDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const command = commandLine(pid);
  return command === undefined || command.includes('postgres') ? pid : undefined;
}

/** Takes DATA_DIR/evmap.lock the way the app does (its pid, created exclusively); answers how to release it. */
async function takeLock(dataDir: string, doing: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'evmap.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid) && commandLine(pid)?.includes('node') !== false) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is in use by process ${pid}, whose database server is not up (starting or stopping?): ` +
          `cannot ${doing} now. Try again in a moment.`,
      );
    }
    await unlink(lockFile).catch(() => undefined);
  }
  throw new BackupError(`Could not lock DATA_DIR ${dataDir}`);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Reports the progress of a long copy on `log`, at most every two seconds. */
class Progress {
  private done = 0;
  private lastReport = Date.now();

  constructor(
    private readonly log: Log,
    private readonly what: string,
    private readonly total: number,
  ) {}

  add(bytes: number) {
    this.done += bytes;
    if (Date.now() - this.lastReport < 2000) return;
    this.lastReport = Date.now();
    const percent = this.total > 0 ? Math.min(100, Math.floor((this.done / this.total) * 100)) : 100;
    this.log(`${this.what}: ${percent}% (${megabytes(this.done)} of ${megabytes(this.total)} MB)`);
  }
}

type Found = { relative: string; kind: 'file' | 'directory'; mode: number; mtime: number; size: number };

/**
 * Lists a tree as archive entries (a folder before its contents), relative paths with '/'. Entries that vanish
 * while the tree is read (a table dropped during an online backup) are left out; symbolic links are refused.
 */
async function listTree(root: string, skip: (relative: string, entry: Dirent) => boolean): Promise<Found[]> {
  const found: Found[] = [];
  const visit = async (relative: string): Promise<void> => {
    const absolute = path.join(root, relative);
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = await lstat(absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (info.isSymbolicLink()) {
      throw new BackupError(`${absolute} is a symbolic link: a backup copies only plain files and folders`);
    }
    const base = { relative, mode: info.mode & 0o7777, mtime: info.mtimeMs };
    if (info.isFile()) {
      found.push({ ...base, kind: 'file', size: info.size });
      return;
    }
    if (!info.isDirectory()) return; // sockets and the like
    found.push({ ...base, kind: 'directory', size: 0 });
    let entries: Dirent[];
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!skip(child, entry)) await visit(child);
    }
  };
  await visit('');
  return found;
}

/**
 * One file's entry: the size seen when it was listed is what is copied (a file that grew meanwhile is cut, one
 * that shrank is padded with zeros: during an online backup, the WAL replay rewrites both).
 */
async function* fileEntry(absolute: string, name: string, found: Found, progress?: Progress): AsyncGenerator<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(absolute, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed since it was listed
    throw error;
  }
  try {
    yield entryHeader({ type: 'file', path: name, mode: found.mode, mtime: found.mtime, size: found.size });
    let left = found.size;
    while (left > 0) {
      const buffer = Buffer.alloc(Math.min(CHUNK, left));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, found.size - left);
      const piece = bytesRead === 0 ? buffer : buffer.subarray(0, bytesRead);
      left -= piece.length;
      progress?.add(piece.length);
      yield piece;
    }
    yield padding(found.size);
  } finally {
    await handle.close();
  }
}

async function* treeEntries(root: string, prefix: string, list: Found[], progress?: Progress): AsyncGenerator<Buffer> {
  for (const found of list) {
    const name = found.relative ? `${prefix}/${found.relative}` : prefix;
    if (found.kind === 'directory') {
      yield entryHeader({ type: 'directory', path: name, mode: found.mode, mtime: found.mtime });
    } else {
      yield* fileEntry(path.join(root, found.relative), name, found, progress);
    }
  }
}

function memoryEntry(name: string, content: string | Buffer, mode = 0o600): Buffer {
  const data = Buffer.from(content);
  return Buffer.concat([
    entryHeader({ type: 'file', path: name, mode, mtime: Date.now(), size: data.length }),
    data,
    padding(data.length),
  ]);
}

const totalSize = (list: Found[]) => list.reduce((sum, found) => sum + found.size, 0);

/** Cluster files, `pg_control` last (as pg_basebackup does), without what `skipped` leaves out. */
async function clusterFiles(pgDir: string, online: boolean): Promise<Found[]> {
  const list = await listTree(pgDir, (relative, entry) => {
    const parts = relative.split('/');
    if (parts.length === 1 && SKIPPED_FILES.has(relative)) return true;
    if (!online) return false;
    if (parts.length === 2 && EMPTIED_FOLDERS.has(parts[0]!) && relative !== 'pg_wal/archive_status') return true;
    if (parts.length > 2 && EMPTIED_FOLDERS.has(parts[0]!)) return true;
    return entry.name.startsWith('pgsql_tmp') || entry.name === 'pg_internal.init';
  });
  const tablespaces = list.filter((found) => found.relative.startsWith('pg_tblspc/'));
  if (tablespaces.length > 0) {
    throw new BackupError('the cluster has tablespaces outside its folder, which this backup cannot copy');
  }
  const control = list.findIndex((found) => found.relative === 'global/pg_control');
  if (control !== -1) list.push(...list.splice(control, 1));
  return list;
}

type WalName = { timeline: string; index: bigint };

function walName(name: string, segmentBytes: bigint): WalName {
  const perId = 0x1_0000_0000n / segmentBytes;
  return {
    timeline: name.slice(0, 8),
    index: BigInt(`0x${name.slice(8, 16)}`) * perId + BigInt(`0x${name.slice(16, 24)}`),
  };
}

/** The database of a running server, with the low-level online backup API. */
async function* onlineCluster(paths: BackupPaths, log: Log): AsyncGenerator<Buffer> {
  const pgDir = path.join(paths.dataDir, 'pg');
  const server = runningServerConnection(paths.dataDir) as pg.ClientConfig;
  const client = new pg.Client({
    ...server,
    database: 'postgres',
    application_name: 'evmap-backup',
  });
  // A lost connection surfaces as the failure of the query under way.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const slot = `evmap_backup_${process.pid}_${Date.now()}`;
    // Temporary, reserving WAL from the last checkpoint's redo point: dropped when this session ends.
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const segmentBytes = BigInt(
      (await client.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'wal_segment_size'`))
        .rows[0]!.setting,
    );
    const started = await client.query<{ lsn: string }>('SELECT pg_backup_start($1, true)::text AS lsn', [
      `evmap ${new Date().toISOString()}`,
    ]);
    log(`database: backup started at WAL position ${started.rows[0]!.lsn}`);

    const list = await clusterFiles(pgDir, true);
    const progress = new Progress(log, 'database', totalSize(list));
    yield* treeEntries(pgDir, 'pg', list, progress);
    log(`database: files copied (${megabytes(totalSize(list))} MB); ending the backup`);

    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; wal: string }>(
      'SELECT lsn::text AS lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS wal FROM pg_backup_stop(false)',
    );
    const { lsn, labelfile, spcmapfile, wal } = stopped.rows[0]!;
    yield memoryEntry('pg/backup_label', labelfile);
    if (spcmapfile) yield memoryEntry('pg/tablespace_map', spcmapfile);

    const startWal = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
    if (!startWal) throw new BackupError('pg_backup_stop answered a backup label without its start WAL file');
    const first = walName(startWal, segmentBytes);
    const last = walName(wal, segmentBytes);
    const walDir = path.join(pgDir, 'pg_wal');
    const needed = (await readdir(walDir)).filter((name) => {
      if (name.endsWith('.history')) return true;
      if (!/^[0-9A-F]{24}$/.test(name)) return false;
      const segment = walName(name, segmentBytes);
      return segment.timeline === last.timeline && segment.index >= first.index && segment.index <= last.index;
    });
    const segments = needed.filter((name) => !name.endsWith('.history')).length;
    if (BigInt(segments) !== last.index - first.index + 1n) {
      throw new BackupError(`WAL segments from ${startWal} to ${wal} are missing from ${walDir}`);
    }
    const walList = await listTree(walDir, (relative) => relative.includes('/') || !needed.includes(relative));
    yield* treeEntries(walDir, 'pg/pg_wal', walList.slice(1));
    log(`database: backup ended at WAL position ${lsn} (${segments} WAL segment${segments === 1 ? '' : 's'})`);
  } finally {
    // Ending the session also ends a backup left under way (after an error) and drops the slot.
    await client.end().catch(() => undefined);
  }
}

async function* offlineCluster(paths: BackupPaths, log: Log): AsyncGenerator<Buffer> {
  const pgDir = path.join(paths.dataDir, 'pg');
  const list = await clusterFiles(pgDir, false);
  log(`database: the app is not running; copying its stopped cluster (${megabytes(totalSize(list))} MB)`);
  yield* treeEntries(pgDir, 'pg', list, new Progress(log, 'database', totalSize(list)));
}

async function* uploads(paths: BackupPaths, skip: string, log: Log): AsyncGenerator<Buffer> {
  if (!existsSync(paths.uploadsDir)) {
    log(`uploads: ${paths.uploadsDir} does not exist; none saved`);
    return;
  }
  const list = await listTree(paths.uploadsDir, (relative) => path.join(paths.uploadsDir, relative) === skip);
  const files = list.filter((found) => found.kind === 'file').length;
  log(`uploads: ${files} file${files === 1 ? '' : 's'} (${megabytes(totalSize(list))} MB)`);
  yield* treeEntries(paths.uploadsDir, 'uploads', list, new Progress(log, 'uploads', totalSize(list)));
}

/**
 * Writes the archive `file` (through `file.partial`, renamed once complete). Online when the cluster's server
 * is running (the app's, or one a crashed app left), otherwise a copy of the stopped cluster under the lock.
 */
export async function backup(paths: BackupPaths, file: string, log: Log): Promise<{ method: Manifest['method'] }> {
  const pgDir = path.join(paths.dataDir, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new BackupError(`${paths.dataDir} holds no embedded database (no ${path.join(pgDir, 'PG_VERSION')})`);
  }
  let release: (() => Promise<void>) | undefined;
  if (!livePostmaster(pgDir)) {
    release = await takeLock(paths.dataDir, 'back it up');
    // Started just before the lock was taken: back up the running server instead.
    if (livePostmaster(pgDir)) {
      await release();
      release = undefined;
    }
  }
  const method = release ? 'offline' : 'online';
  const partial = `${path.resolve(file)}.partial`;
  try {
    const secrets = SECRET_FILES.filter((name) => existsSync(path.join(paths.dataDir, name)));
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      method,
      postgresVersion: readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim(),
      secrets,
    };
    async function* archive(): AsyncGenerator<Buffer> {
      yield memoryEntry(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`, 0o644);
      for (const name of secrets) yield memoryEntry(name, await readFile(path.join(paths.dataDir, name)));
      yield* method === 'online' ? onlineCluster(paths, log) : offlineCluster(paths, log);
      yield* uploads(paths, partial, log);
      yield endOfArchive();
    }
    await mkdir(path.dirname(partial), { recursive: true });
    // The archive holds the secrets: readable by its owner only.
    await pipeline(archive(), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const written = await open(partial, 'r+');
    await written.sync().finally(() => written.close());
    await rename(partial, path.resolve(file));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await release?.();
  }
  return { method };
}

/** Where an archive path goes, or undefined for the manifest; throws on anything a backup never holds. */
function target(paths: BackupPaths, name: string): string | undefined {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new BackupError(`the archive holds an unsafe path: ${name}`);
  }
  if (name === MANIFEST) return undefined;
  if (parts.length === 1 && SECRET_FILES.includes(name)) return path.join(paths.dataDir, name);
  if (parts[0] === 'pg') return path.join(paths.dataDir, ...parts);
  if (parts[0] === 'uploads') return path.join(paths.uploadsDir, ...parts.slice(1));
  throw new BackupError(`the archive holds an entry a backup never has: ${name}`);
}

/** True when `dir` is absent or an empty folder. */
async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}

async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  await chown(root, uid, gid);
  if (!(await stat(root)).isDirectory()) return;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    await chownTree(path.join(root, entry.name), uid, gid);
  }
}

/**
 * Brings an install back from `file` into `paths`, which must be empty or absent (nothing is ever overwritten).
 * The database files go to the user the embedded server runs as; at its first start PostgreSQL replays the WAL.
 */
export async function restore(paths: BackupPaths, file: string, log: Log): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const uploadsApart = path.relative(paths.dataDir, paths.uploadsDir).startsWith('..');
  for (const dir of uploadsApart ? [paths.dataDir, paths.uploadsDir] : [paths.dataDir]) {
    if (!(await isEmpty(dir))) {
      throw new BackupError(
        `${dir} already holds data: restore writes only into an empty or absent folder and never overwrites. ` +
          'Move that folder aside (or choose another DATA_DIR) and run the restore again.',
      );
    }
  }
  const created = [paths.dataDir, ...(uploadsApart ? [paths.uploadsDir] : [])].filter((dir) => !existsSync(dir));
  await mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  const release = await takeLock(paths.dataDir, 'restore into it');
  const size = (await stat(file)).size;
  let manifest: Manifest | undefined;
  const seen = new Set<string>();
  try {
    const progress = new Progress(log, 'restore', size);
    const input = createReadStream(file);
    const gunzip = createGunzip();
    input.on('error', (error) => gunzip.destroy(error));
    input.on('data', (chunk) => progress.add(chunk.length));
    input.pipe(gunzip);
    for await (const entry of readTar(gunzip)) {
      if (!manifest) {
        if (entry.path !== MANIFEST || entry.type !== 'file') {
          throw new BackupError(`${file} is not an EventMap backup (it does not start with ${MANIFEST})`);
        }
        const chunks: Buffer[] = [];
        for await (const piece of entry.body()) chunks.push(piece);
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        if (parsed.format !== FORMAT || parsed.version !== VERSION) {
          throw new BackupError(`${file} is a backup of a format this version cannot read (${parsed.version})`);
        }
        manifest = parsed;
        log(`the archive: ${manifest.method} backup of ${manifest.createdAt}, PostgreSQL ${manifest.postgresVersion}`);
        continue;
      }
      const destination = target(paths, entry.path);
      if (!destination) continue;
      seen.add(entry.path);
      if (entry.type === 'directory') {
        await mkdir(destination, { recursive: true });
        await chmod(destination, entry.mode & 0o777);
        continue;
      }
      await mkdir(path.dirname(destination), { recursive: true });
      await pipeline(entry.body(), createWriteStream(destination, { flags: 'wx', mode: entry.mode & 0o777 }));
      await chmod(destination, entry.mode & 0o777);
      await utimes(destination, new Date(entry.mtime), new Date(entry.mtime));
    }
    if (!manifest) throw new BackupError(`${file} is empty`);
    const required = [
      'pg/PG_VERSION',
      'pg/global/pg_control',
      ...(manifest.method === 'online' ? ['pg/backup_label'] : []),
    ];
    const missing = required.filter((name) => !seen.has(name));
    if (missing.length > 0) throw new BackupError(`${file} is incomplete: ${missing.join(', ')} missing`);

    // PostgreSQL runs as the "postgres" user when the app is started as root, and wants its folder private.
    const pgDir = path.join(paths.dataDir, 'pg');
    await chmod(pgDir, 0o700);
    const owner = serverOwner(log);
    if (owner) {
      await chownTree(pgDir, owner.uid, owner.gid);
      const password = path.join(paths.dataDir, 'pg-password');
      if (existsSync(password)) await chown(password, owner.uid, owner.gid);
    }
    return manifest;
  } catch (error) {
    // Nothing was there before: leave nothing half restored.
    for (const dir of uploadsApart ? [paths.dataDir, paths.uploadsDir] : [paths.dataDir]) {
      if (created.includes(dir)) await rm(dir, { recursive: true, force: true });
      else for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
    }
    if (error instanceof TarError) throw new BackupError(`${file} is damaged: ${error.message}`);
    if (
      (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' ||
      (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR'
    ) {
      throw new BackupError(`${file} is damaged or not a .tar.gz archive (${(error as Error).message})`);
    }
    throw error;
  } finally {
    await release();
  }
}
