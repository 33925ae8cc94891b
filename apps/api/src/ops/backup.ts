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
import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type Dirent, existsSync, readFileSync, rmSync } from 'node:fs';
import {
  chmod,
  chown,
  type FileHandle,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { DataDirLock } from '../db/data-dir-lock';
import { serverOwner } from '../db/embedded-postgres';
import { runningServerConnection } from '../demo/seed/seed-database';
import { commandLine, isAlive } from '../lib/processes';
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

/**
 * What a backup copies at the top of the cluster, and all that restore writes there (PostgreSQL 15's layout).
 * Left out: the files a base backup never copies (postmaster.pid, backup_label of a stopped cluster,
 * tablespace_map, *.tmp...), and anything that could make the restored server run a command or read another
 * configuration: recovery.signal and standby.signal (recovery with restore_command), pg_hba.conf and pg_ident.conf
 * (restore writes the app's own), stray files.
 */
const CLUSTER_FOLDERS = new Set([
  'base',
  'global',
  'pg_commit_ts',
  'pg_dynshmem',
  'pg_logical',
  'pg_multixact',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_tblspc',
  'pg_twophase',
  'pg_wal',
  'pg_xact',
]);
/** The server settings files a backup copies; restore keeps only the settings of KEPT_SETTINGS from them. */
const SETTINGS_FILES = new Set(['postgresql.conf', 'postgresql.auto.conf']);
const CLUSTER_FILES = new Set(['PG_VERSION', ...SETTINGS_FILES]);
/** Top-level files a base backup leaves out without a word (PostgreSQL docs, "Making a Base Backup"). */
const BASE_BACKUP_SKIPS = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'current_logfiles',
  'current_logfiles.tmp',
  'postgresql.auto.conf.tmp',
  'pg_hba.conf',
  'pg_ident.conf',
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

/** Takes DATA_DIR/evmap.lock as the app does (data-dir-lock.ts); answers how to release it. */
async function takeLock(dataDir: string, doing: string, log: Log): Promise<() => Promise<void>> {
  const lock = new DataDirLock(dataDir, {
    log,
    error: (message) => new BackupError(message),
    inUse: (pid) =>
      `DATA_DIR ${dataDir} is in use by process ${pid}, whose database server is not up (starting or stopping?): ` +
      `cannot ${doing} now. Try again in a moment.`,
  });
  await lock.acquire();
  return async () => lock.release();
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
async function clusterFiles(pgDir: string, online: boolean, log: Log): Promise<Found[]> {
  const left: string[] = [];
  const list = await listTree(pgDir, (relative, entry) => {
    const parts = relative.split('/');
    if (parts.length === 1) {
      const kept = entry.isDirectory() ? CLUSTER_FOLDERS.has(relative) : CLUSTER_FILES.has(relative);
      if (!kept && !BASE_BACKUP_SKIPS.has(relative)) left.push(relative);
      return !kept;
    }
    if (!online) return false;
    if (parts.length === 2 && EMPTIED_FOLDERS.has(parts[0]!) && relative !== 'pg_wal/archive_status') return true;
    if (parts.length > 2 && EMPTIED_FOLDERS.has(parts[0]!)) return true;
    return entry.name.startsWith('pgsql_tmp') || entry.name === 'pg_internal.init';
  });
  const tablespaces = list.filter((found) => found.relative.startsWith('pg_tblspc/'));
  if (tablespaces.length > 0) {
    throw new BackupError('the cluster has tablespaces outside its folder, which this backup cannot copy');
  }
  if (left.length > 0) log(`database: left out ${left.join(', ')} (not part of a cluster a restore brings back)`);
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

    const list = await clusterFiles(pgDir, true, log);
    const progress = new Progress(log, 'database', totalSize(list));
    yield* treeEntries(pgDir, 'pg', list, progress);
    log(`database: files copied (${megabytes(totalSize(list))} MB); ending the backup`);

    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; wal: string }>(
      'SELECT lsn::text AS lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS wal FROM pg_backup_stop(false)',
    );
    const { lsn, labelfile, spcmapfile, wal } = stopped.rows[0]!;
    if (spcmapfile) throw new BackupError('the cluster has tablespaces, which this backup cannot copy');
    yield memoryEntry('pg/backup_label', labelfile);

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
  const list = await clusterFiles(pgDir, false, log);
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
 * The temporary file an archive is written to before it is renamed to `file`: in the same folder (so that the
 * rename is atomic), under a name nobody can guess, created exclusively (never an existing file, never through a
 * symbolic link) and readable by its owner only, whatever the umask: the archive holds the secrets.
 */
async function createPartial(file: string): Promise<{ partial: string; handle: FileHandle }> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(12).toString('hex')}.partial`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  const handle = await open(partial, flags, 0o600);
  try {
    await handle.chmod(0o600);
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  return { partial, handle };
}

export type BackupOptions = {
  /** Stops the backup (Ctrl-C): the partial archive is removed and the promise rejects with an AbortError. */
  signal?: AbortSignal;
};

/**
 * Writes the archive `file` (through a temporary file beside it, renamed once complete and removed on failure,
 * on abort and at an exit on the way). Online when the cluster's server is running (the app's, or one a crashed
 * app left), otherwise a copy of the stopped cluster under the lock.
 */
export async function backup(
  paths: BackupPaths,
  file: string,
  log: Log,
  options: BackupOptions = {},
): Promise<{ method: Manifest['method'] }> {
  const pgDir = path.join(paths.dataDir, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new BackupError(`${paths.dataDir} holds no embedded database (no ${path.join(pgDir, 'PG_VERSION')})`);
  }
  options.signal?.throwIfAborted();
  let release: (() => Promise<void>) | undefined;
  if (!livePostmaster(pgDir)) {
    release = await takeLock(paths.dataDir, 'back it up', log);
    // Started just before the lock was taken: back up the running server instead.
    if (livePostmaster(pgDir)) {
      await release();
      release = undefined;
    }
  }
  const method = release ? 'offline' : 'online';
  const destination = path.resolve(file);
  let partial: string | undefined;
  // A process.exit() on the way (a second Ctrl-C) runs no finally block: this removes the partial archive then.
  const removeOnExit = () => {
    if (partial) rmSync(partial, { force: true });
  };
  process.on('exit', removeOnExit);
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
    const created = await createPartial(destination);
    partial = created.partial;
    const skip = partial;
    async function* archive(): AsyncGenerator<Buffer> {
      yield memoryEntry(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`, 0o644);
      for (const name of secrets) yield memoryEntry(name, await readFile(path.join(paths.dataDir, name)));
      yield* method === 'online' ? onlineCluster(paths, log) : offlineCluster(paths, log);
      yield* uploads(paths, skip, log);
      yield endOfArchive();
    }
    // The stream flushes the file to disk and closes it, also when the pipeline fails or is stopped.
    await pipeline(archive(), createGzip(), created.handle.createWriteStream({ flush: true }), {
      signal: options.signal,
    });
    // rename() replaces a link at `destination` itself, never the file it points to.
    await rename(partial, destination);
    partial = undefined;
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    partial = undefined;
    throw error;
  } finally {
    process.off('exit', removeOnExit);
    await release?.();
  }
  return { method };
}

/** The most restore reads of an entry it keeps in memory, and the largest file it writes. */
const MANIFEST_MAX = 64 * 1024;
const SECRET_MAX = 64 * 1024;
const SETTINGS_MAX = 1024 * 1024;
/** PostgreSQL splits tables into files of 1 GB and WAL into segments of 16 MB; uploads are at most 100 MB. */
const MEMBER_MAX = 1024 * 1024 * 1024;

/**
 * The server settings a restore keeps from the archive's postgresql.conf and postgresql.auto.conf: initdb's choices
 * and memory and planner tuning, with plain values. Every other line is dropped: among the settings PostgreSQL has
 * are some that run commands (archive_command, restore_command, archive_cleanup_command, ssl_passphrase_command...),
 * load code (shared_preload_libraries, dynamic_library_path...), read other files (include, include_dir,
 * config_file, hba_file, ssl_*), or change where the data and the sockets are.
 */
const KEPT_SETTINGS = new Set([
  'max_connections',
  'shared_buffers',
  'dynamic_shared_memory_type',
  'max_wal_size',
  'min_wal_size',
  'log_timezone',
  'datestyle',
  'timezone',
  'lc_messages',
  'lc_monetary',
  'lc_numeric',
  'lc_time',
  'default_text_search_config',
  'work_mem',
  'maintenance_work_mem',
  'effective_cache_size',
  'random_page_cost',
  'checkpoint_timeout',
  'checkpoint_completion_target',
]);
/** `name = value` (the `=` optional, a comment after it), the value a word or a quoted string without escapes. */
const SETTING_LINE = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=?\s*('[A-Za-z0-9_.,:+\-/ ]*'|[A-Za-z0-9_.+-]+)\s*(?:#.*)?$/;
const AUTO_CONF_HEADER = '# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n';
/** What initdb --auth=scram-sha-256 allows, which is what the app's cluster uses: password sign-in only. */
const HBA_CONF = `# Written by npm run restore (EventMap): password (SCRAM) sign-in only, as the app's initdb sets it.
# TYPE  DATABASE        USER            ADDRESS                 METHOD
local   all             all                                     scram-sha-256
host    all             all             127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 scram-sha-256
local   replication     all                                     scram-sha-256
host    replication     all             127.0.0.1/32            scram-sha-256
host    replication     all             ::1/128                 scram-sha-256
`;
const IDENT_CONF = '# Written by npm run restore (EventMap): no user name maps.\n';

/** The lines of a settings file that a restore keeps, and the names of the settings it dropped. */
export function keptSettings(text: string): { lines: string[]; dropped: string[] } {
  const lines: string[] = [];
  const dropped: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = SETTING_LINE.exec(line);
    const name = match?.[1]?.toLowerCase();
    if (match && name && KEPT_SETTINGS.has(name)) lines.push(`${name} = ${match[2]}`);
    else dropped.push(/^\s*([A-Za-z_][A-Za-z0-9_.]*)/.exec(line)?.[1] ?? 'an unreadable line');
  }
  return { lines, dropped };
}

type Placement =
  | { action: 'manifest' }
  | { action: 'write'; to: string; max: number }
  | { action: 'settings'; name: string }
  | { action: 'drop' };

/** What restore does with an archive entry; throws on a path that is unsafe or that no backup holds. */
function placement(paths: BackupPaths, name: string): Placement {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new BackupError(`the archive holds an unsafe path: ${name}`);
  }
  if (name === MANIFEST) return { action: 'manifest' };
  if (parts.length === 1 && SECRET_FILES.includes(name)) {
    return { action: 'write', to: path.join(paths.dataDir, name), max: SECRET_MAX };
  }
  if (parts[0] === 'uploads') {
    return { action: 'write', to: path.join(paths.uploadsDir, ...parts.slice(1)), max: MEMBER_MAX };
  }
  if (parts[0] !== 'pg') throw new BackupError(`the archive holds an entry a backup never has: ${name}`);
  const top = parts[1];
  const write = { action: 'write', to: path.join(paths.dataDir, ...parts), max: MEMBER_MAX } as const;
  if (top === undefined) return write;
  if (parts.length === 2 && SETTINGS_FILES.has(top)) return { action: 'settings', name: top };
  if (parts.length === 2 && (top === 'PG_VERSION' || top === 'backup_label')) return write;
  // A folder of the cluster and what it holds, but nothing in pg_tblspc (a tablespace elsewhere).
  if (CLUSTER_FOLDERS.has(top) && (top !== 'pg_tblspc' || parts.length === 2)) return write;
  return { action: 'drop' };
}

const amount = (bytes: number) => (bytes >= 1024 * 1024 ? `${megabytes(bytes)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The whole body of an entry that fits in `max` bytes (checked by restore before). */
async function readAll(entry: { body: () => AsyncIterable<Buffer> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const piece of entry.body()) chunks.push(piece);
  return Buffer.concat(chunks);
}

/** Writes a new file readable by its owner only (never over an existing file, never through a link). */
async function writeNew(to: string, content: string | Buffer): Promise<void> {
  await writeFile(to, content, { flag: 'wx', mode: 0o600 });
  await chmod(to, 0o600);
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

export type RestoreOptions = {
  /** Stops the restore (Ctrl-C): what it wrote is removed and the promise rejects with an AbortError. */
  signal?: AbortSignal;
};

/**
 * Brings an install back from `file` into `paths`, which must be empty or absent (nothing is ever overwritten).
 * Restore chooses what it writes, whatever the archive says: files readable by their owner only (0600) in private
 * folders (0700); the server settings files rewritten with KEPT_SETTINGS only, pg_hba.conf and pg_ident.conf its
 * own; nothing outside the cluster's own folders; no entry larger than a backup writes (the manifest, the secrets
 * and the settings are read into memory, within their bounds; the rest streams to disk). The database files go to
 * the user the embedded server runs as; at its first start PostgreSQL replays the WAL.
 */
export async function restore(
  paths: BackupPaths,
  file: string,
  log: Log,
  options: RestoreOptions = {},
): Promise<Manifest> {
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
  options.signal?.throwIfAborted();
  const created = [paths.dataDir, ...(uploadsApart ? [paths.uploadsDir] : [])].filter((dir) => !existsSync(dir));
  await mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  const release = await takeLock(paths.dataDir, 'restore into it', log);
  const size = (await stat(file)).size;
  let manifest: Manifest | undefined;
  // Only these names are remembered: an archive of millions of entries costs no memory.
  const watched = new Set(['pg/PG_VERSION', 'pg/global/pg_control', 'pg/backup_label']);
  const seen = new Set<string>();
  const settings = new Map<string, string>();
  const dropped: string[] = [];
  let droppedCount = 0;
  try {
    const progress = new Progress(log, 'restore', size);
    const input = createReadStream(file);
    const gunzip = createGunzip();
    input.on('error', (error) => gunzip.destroy(error));
    input.on('data', (chunk) => progress.add(chunk.length));
    input.pipe(gunzip);
    options.signal?.addEventListener('abort', () => gunzip.destroy(options.signal?.reason), { once: true });
    for await (const entry of readTar(gunzip)) {
      options.signal?.throwIfAborted();
      const place = placement(paths, entry.path);
      if (!manifest && (place.action !== 'manifest' || entry.type !== 'file')) {
        throw new BackupError(`${file} is not an EventMap backup (it does not start with ${MANIFEST})`);
      }
      if (entry.type === 'file') {
        const max =
          place.action === 'manifest'
            ? MANIFEST_MAX
            : place.action === 'settings'
              ? SETTINGS_MAX
              : place.action === 'write'
                ? place.max
                : MEMBER_MAX;
        if (entry.size > max) {
          throw new BackupError(
            `${file} is refused: its ${entry.path} is ${amount(entry.size)}, more than a backup ever writes there ` +
              `(at most ${amount(max)}). Nothing was restored.`,
          );
        }
      }
      if (!manifest) {
        let parsed: Manifest;
        try {
          parsed = JSON.parse((await readAll(entry)).toString('utf8')) as Manifest;
        } catch {
          throw new BackupError(`${file} is not an EventMap backup (its ${MANIFEST} is not JSON)`);
        }
        if (parsed?.format !== FORMAT || parsed.version !== VERSION) {
          throw new BackupError(`${file} is a backup of a format this version cannot read (${parsed?.version})`);
        }
        manifest = parsed;
        log(`the archive: ${manifest.method} backup of ${manifest.createdAt}, PostgreSQL ${manifest.postgresVersion}`);
        continue;
      }
      if (place.action === 'manifest') continue;
      if (place.action === 'drop') {
        if (droppedCount++ < 10) dropped.push(entry.path);
        continue;
      }
      if (place.action === 'settings') {
        if (entry.type === 'file') settings.set(place.name, (await readAll(entry)).toString('utf8'));
        continue;
      }
      if (watched.has(entry.path)) seen.add(entry.path);
      if (entry.type === 'directory') {
        await mkdir(place.to, { recursive: true, mode: 0o700 });
        await chmod(place.to, 0o700);
        continue;
      }
      await mkdir(path.dirname(place.to), { recursive: true, mode: 0o700 });
      await pipeline(entry.body(), createWriteStream(place.to, { flags: 'wx', mode: 0o600 }), {
        signal: options.signal,
      });
      await chmod(place.to, 0o600);
      await utimes(place.to, new Date(entry.mtime), new Date(entry.mtime));
    }
    if (!manifest) throw new BackupError(`${file} is empty`);
    const required = [
      'pg/PG_VERSION',
      'pg/global/pg_control',
      ...(manifest.method === 'online' ? ['pg/backup_label'] : []),
    ];
    const missing = required.filter((name) => !seen.has(name));
    if (missing.length > 0) throw new BackupError(`${file} is incomplete: ${missing.join(', ')} missing`);
    if (droppedCount > 0) {
      log(
        `left out what a restore never writes: ${dropped.join(', ')}` +
          (droppedCount > dropped.length ? ` and ${droppedCount - dropped.length} more` : ''),
      );
    }

    // The server's settings: only those of KEPT_SETTINGS from the archive, and the app's own sign-in rules.
    const pgDir = path.join(paths.dataDir, 'pg');
    for (const name of SETTINGS_FILES) {
      const { lines, dropped: droppedSettings } = keptSettings(settings.get(name) ?? '');
      if (droppedSettings.length > 0) log(`pg/${name}: left out the settings ${droppedSettings.join(', ')}`);
      const header =
        name === 'postgresql.auto.conf'
          ? AUTO_CONF_HEADER
          : '# Written by npm run restore (EventMap): the settings of the archive that a restore keeps.\n';
      await writeNew(path.join(pgDir, name), `${header}${lines.map((line) => `${line}\n`).join('')}`);
    }
    await writeNew(path.join(pgDir, 'pg_hba.conf'), HBA_CONF);
    await writeNew(path.join(pgDir, 'pg_ident.conf'), IDENT_CONF);

    // PostgreSQL runs as the "postgres" user when the app is started as root, and wants its folder private.
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
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${file} is damaged: it holds ${(error as NodeJS.ErrnoException).path} twice`);
    }
    throw error;
  } finally {
    await release();
  }
}
