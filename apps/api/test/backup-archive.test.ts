/**
 * The backup archive's own file and what restore does with an archive it did not write: a crafted or damaged
 * archive (modes, server settings files, sizes), and the temporary file of a backup (exclusive, private, removed
 * on failure and on Ctrl-C). On a small stopped install made of plain files: no server is started.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backup, restore } from '../src/ops/backup';
import { endOfArchive, entryHeader, padding } from '../src/ops/tar';
import { runTsx } from './process';

const repoDir = path.resolve(import.meta.dirname, '../../..');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-archive-'));
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let folders = 0;
const folder = (name: string) => path.join(workDir, `${name}-${++folders}`);
const quiet = () => undefined;
const modeOf = (file: string) => lstatSync(file).mode & 0o7777;

/** A stopped install as the backup sees it: a cluster folder, the secrets and an uploaded image. */
function install(uploads: Record<string, Buffer> = { 'events/poster.jpg': Buffer.from('jpeg bytes') }): string {
  const dataDir = folder('install');
  mkdirSync(path.join(dataDir, 'pg', 'global'), { recursive: true });
  mkdirSync(path.join(dataDir, 'pg', 'base', '1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '15\n');
  writeFileSync(path.join(dataDir, 'pg', 'global', 'pg_control'), randomBytes(8192));
  writeFileSync(path.join(dataDir, 'pg', 'base', '1', '1259'), randomBytes(8192));
  writeFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), "timezone = 'Etc/UTC'\n");
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'the signing key\n', { mode: 0o600 });
  writeFileSync(path.join(dataDir, 'pg-password'), 'the database password\n', { mode: 0o600 });
  for (const [name, content] of Object.entries(uploads)) {
    mkdirSync(path.dirname(path.join(dataDir, 'uploads', name)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', name), content);
  }
  return dataDir;
}

const pathsOf = (dataDir: string) => ({ dataDir, uploadsDir: path.join(dataDir, 'uploads') });

type Crafted =
  | { path: string; mode?: number; content: string | Buffer }
  | { path: string; mode?: number; directory: true }
  /** A header announcing `size` bytes followed by `body` (zeros by default, as gzip members of 1 MB). */
  | { path: string; mode?: number; size: number; zeros: number };

const MB = 1024 * 1024;
const manifestEntry = {
  path: 'evmap-backup.json',
  mode: 0o644,
  content: JSON.stringify({
    format: 'evmap-backup',
    version: 1,
    createdAt: '2025-06-01T00:00:00.000Z',
    method: 'offline',
    postgresVersion: '15',
    secrets: ['jwt-secret'],
  }),
};
const cluster: Crafted[] = [
  { path: 'pg', mode: 0o700, directory: true },
  { path: 'pg/PG_VERSION', mode: 0o600, content: '15\n' },
  { path: 'pg/global', mode: 0o700, directory: true },
  { path: 'pg/global/pg_control', mode: 0o600, content: randomBytes(8192) },
];

/** Writes a .tar.gz of `entries`; one of zeros is compressed 1 MB at a time, so a huge one costs little. */
function craft(entries: Crafted[]): string {
  const members: Buffer[] = [];
  let tar: Buffer[] = [];
  const flush = () => {
    if (tar.length > 0) members.push(gzipSync(Buffer.concat(tar)));
    tar = [];
  };
  const zeroMember = gzipSync(Buffer.alloc(MB));
  const mtime = Date.parse('2025-06-01T00:00:00Z');
  for (const entry of entries) {
    const mode = entry.mode ?? 0o644;
    if ('directory' in entry) {
      tar.push(entryHeader({ type: 'directory', path: entry.path, mode, mtime }));
    } else if ('content' in entry) {
      const data = Buffer.from(entry.content);
      tar.push(entryHeader({ type: 'file', path: entry.path, mode, mtime, size: data.length }), data);
      tar.push(padding(data.length));
    } else {
      tar.push(entryHeader({ type: 'file', path: entry.path, mode, mtime, size: entry.size }));
      flush();
      for (let i = 0; i < entry.zeros / MB; i++) members.push(zeroMember);
    }
  }
  tar.push(endOfArchive());
  flush();
  const file = path.join(folder('crafted'), 'crafted.tar.gz');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat(members));
  return file;
}

/** Every file and folder below `root`, with its mode. */
function modes(root: string): Record<string, number> {
  const found: Record<string, number> = {};
  const visit = (relative: string) => {
    for (const name of readdirSync(path.join(root, relative))) {
      const child = path.join(relative, name);
      found[child] = modeOf(path.join(root, child));
      if (statSync(path.join(root, child)).isDirectory()) visit(child);
    }
  };
  visit('');
  return found;
}

describe('the archive a backup writes', () => {
  it('is created exclusively, readable by its owner only, ignoring a file or a link at FILE.partial', async () => {
    const dataDir = install();
    const saved = folder('saved');
    mkdirSync(saved);
    const archive = path.join(saved, 'evmap.tar.gz');
    // A world-readable archive left behind (or planted) at the old predictable name keeps what it holds.
    writeFileSync(`${archive}.partial`, 'planted\n');
    chmodSync(`${archive}.partial`, 0o666);
    // An earlier archive at the target, readable by everyone: replaced by a private one.
    writeFileSync(archive, 'older archive\n');
    chmodSync(archive, 0o644);

    await backup(pathsOf(dataDir), archive, quiet);

    expect(modeOf(archive)).toBe(0o600);
    expect(readFileSync(`${archive}.partial`, 'utf8')).toBe('planted\n');
    expect(modeOf(`${archive}.partial`)).toBe(0o666);
    expect(readdirSync(saved).sort()).toEqual(['evmap.tar.gz', 'evmap.tar.gz.partial']);

    // And it is a whole archive: the secret comes back from it.
    const restored = folder('restored');
    await restore(pathsOf(restored), archive, quiet);
    expect(readFileSync(path.join(restored, 'jwt-secret'), 'utf8')).toBe('the signing key\n');
  });

  it('never follows a symbolic link planted at FILE.partial', async () => {
    const dataDir = install();
    const saved = folder('saved');
    mkdirSync(saved);
    const victim = path.join(workDir, `victim-${folders}`);
    writeFileSync(victim, 'a file the backup must not touch\n');
    chmodSync(victim, 0o644);
    const archive = path.join(saved, 'evmap.tar.gz');
    symlinkSync(victim, `${archive}.partial`);

    await backup(pathsOf(dataDir), archive, quiet);

    expect(readFileSync(victim, 'utf8')).toBe('a file the backup must not touch\n');
    expect(modeOf(victim)).toBe(0o644);
    expect(lstatSync(`${archive}.partial`).isSymbolicLink()).toBe(true);
    expect(modeOf(archive)).toBe(0o600);
    expect(readdirSync(saved).sort()).toEqual(['evmap.tar.gz', 'evmap.tar.gz.partial']);
  });

  it('leaves no temporary file behind when the backup fails', async () => {
    const dataDir = install();
    symlinkSync('/etc/hostname', path.join(dataDir, 'uploads', 'events', 'link.jpg'));
    const saved = folder('saved');
    mkdirSync(saved);
    await expect(backup(pathsOf(dataDir), path.join(saved, 'evmap.tar.gz'), quiet)).rejects.toThrow(
      'is a symbolic link: a backup copies only plain files and folders',
    );
    expect(readdirSync(saved)).toEqual([]);
  });

  it('removes its temporary file and writes nothing when stopped with Ctrl-C', { timeout: 60_000 }, async () => {
    // Enough incompressible bytes that the copy is still under way when the signal arrives.
    const dataDir = install({ 'events/large.jpg': randomBytes(64 * MB) });
    const saved = folder('saved');
    mkdirSync(saved);
    const run = runTsx(['scripts/backup.ts', path.join(saved, 'evmap.tar.gz')], repoDir, { DATA_DIR: dataDir });
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!run.output().includes('uploads: 1 file')) return;
        run.child.stderr?.off('data', check);
        resolve();
      };
      run.child.stderr?.on('data', check);
      void run.exited.then(() => reject(new Error(`the backup ended first:\n${run.output()}`)));
    });
    expect(readdirSync(saved)).toHaveLength(1); // the temporary file, being written
    run.child.kill('SIGINT');
    expect(await run.exited, run.output()).toBe(130);
    expect(run.output()).toContain('[backup] stopped by SIGINT: nothing was written');
    expect(readdirSync(saved)).toEqual([]);
    // The lock of the stopped install is released too.
    expect(existsSync(path.join(dataDir, 'evmap.lock'))).toBe(false);
  });
});

describe('restore of an archive it did not write', () => {
  it('sets its own modes: files 0600 and folders 0700, whatever the archive says', async () => {
    const archive = craft([
      manifestEntry,
      { path: 'jwt-secret', mode: 0o666, content: 'the signing key\n' },
      { path: 'pg', mode: 0o777, directory: true },
      { path: 'pg/PG_VERSION', mode: 0o666, content: '15\n' },
      { path: 'pg/global', mode: 0o777, directory: true },
      { path: 'pg/global/pg_control', mode: 0o4755, content: randomBytes(8192) },
      { path: 'pg/base/1/1259', mode: 0o666, content: randomBytes(8192) },
      { path: 'uploads', mode: 0o777, directory: true },
      { path: 'uploads/events/poster.jpg', mode: 0o666, content: 'jpeg bytes' },
    ]);
    const dataDir = folder('restored');
    await restore(pathsOf(dataDir), archive, quiet);

    const found = modes(dataDir);
    expect(Object.keys(found).sort()).toEqual(
      [
        'jwt-secret',
        'pg',
        'pg/PG_VERSION',
        'pg/base',
        'pg/base/1',
        'pg/base/1/1259',
        'pg/global',
        'pg/global/pg_control',
        'pg/pg_hba.conf',
        'pg/pg_ident.conf',
        'pg/postgresql.auto.conf',
        'pg/postgresql.conf',
        'uploads',
        'uploads/events',
        'uploads/events/poster.jpg',
      ].map((name) => path.join(...name.split('/'))),
    );
    for (const [name, mode] of Object.entries(found)) {
      const expected = statSync(path.join(dataDir, name)).isDirectory() ? 0o700 : 0o600;
      expect({ name, mode: mode.toString(8) }).toEqual({ name, mode: expected.toString(8) });
    }
  });

  it('writes the server settings files itself and drops those that could run commands', async () => {
    const archive = craft([
      manifestEntry,
      ...cluster,
      {
        path: 'pg/postgresql.auto.conf',
        content:
          '# Do not edit this file manually!\n' +
          "archive_mode = 'on'\n" +
          'archive_command = \'sh -c "id > /tmp/evmap-owned"\'\n' +
          "work_mem = '64MB'\n",
      },
      {
        path: 'pg/postgresql.conf',
        content:
          "include '/etc/evmap-evil.conf'\n" +
          "include_dir = 'conf.d'\n" +
          "shared_preload_libraries = 'evil'\n" +
          "dynamic_library_path = '/tmp'\n" +
          "restore_command = 'cp /x %p'\n" +
          "ssl_passphrase_command = 'touch /tmp/x'\n" +
          "timezone = 'America/Toronto'\t# kept\n" +
          'max_connections = 100\n' +
          "datestyle = 'iso, mdy\\' -- escaped'\n" +
          '  # a comment\n\n',
      },
      { path: 'pg/pg_hba.conf', content: 'local all all trust\nhost all all 0.0.0.0/0 trust\n' },
      { path: 'pg/pg_ident.conf', content: 'evil root postgres\n' },
      { path: 'pg/recovery.signal', content: '' },
      { path: 'pg/standby.signal', content: '' },
      { path: 'pg/tablespace_map', content: '16384 /etc\n' },
      { path: 'pg/pg_tblspc', directory: true },
      { path: 'pg/pg_tblspc/16384', directory: true },
      { path: 'pg/pg_tblspc/16384/PG_15_202209061', directory: true },
      { path: 'pg/conf.d/evil.conf', content: "archive_command = 'id'\n" },
    ]);
    const dataDir = folder('restored');
    const said: string[] = [];
    await restore(pathsOf(dataDir), archive, (message) => said.push(message));

    const pg = path.join(dataDir, 'pg');
    expect(readFileSync(path.join(pg, 'postgresql.auto.conf'), 'utf8')).toBe(
      '# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n' +
        "work_mem = '64MB'\n",
    );
    expect(readFileSync(path.join(pg, 'postgresql.conf'), 'utf8')).toBe(
      '# Written by npm run restore (EventMap): the settings of the archive that a restore keeps.\n' +
        "timezone = 'America/Toronto'\n" +
        'max_connections = 100\n',
    );
    const hba = readFileSync(path.join(pg, 'pg_hba.conf'), 'utf8');
    expect(hba).not.toContain('trust');
    expect(hba.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      'local   all             all                                     scram-sha-256',
      'host    all             all             127.0.0.1/32            scram-sha-256',
      'host    all             all             ::1/128                 scram-sha-256',
      'local   replication     all                                     scram-sha-256',
      'host    replication     all             127.0.0.1/32            scram-sha-256',
      'host    replication     all             ::1/128                 scram-sha-256',
    ]);
    expect(readFileSync(path.join(pg, 'pg_ident.conf'), 'utf8')).not.toContain('evil');
    expect(readdirSync(pg).sort()).toEqual([
      'PG_VERSION',
      'global',
      'pg_hba.conf',
      'pg_ident.conf',
      'pg_tblspc',
      'postgresql.auto.conf',
      'postgresql.conf',
    ]);
    expect(readdirSync(path.join(pg, 'pg_tblspc'))).toEqual([]);
    expect(said).toContain(
      'left out what a restore never writes: pg/pg_hba.conf, pg/pg_ident.conf, pg/recovery.signal, ' +
        'pg/standby.signal, pg/tablespace_map, pg/pg_tblspc/16384, pg/pg_tblspc/16384/PG_15_202209061, ' +
        'pg/conf.d/evil.conf',
    );
    // Named, never quoted: a value may hold a password.
    expect(said).toContain('pg/postgresql.auto.conf: left out the settings archive_mode, archive_command');
    expect(said).toContain(
      'pg/postgresql.conf: left out the settings include, include_dir, shared_preload_libraries, ' +
        'dynamic_library_path, restore_command, ssl_passphrase_command, datestyle',
    );
  });

  const refused = async (archive: string, message: string) => {
    const dataDir = folder('refused');
    const error = await restore(pathsOf(dataDir), archive, quiet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(message);
    expect(existsSync(dataDir)).toBe(false);
  };

  it('refuses an archive whose manifest is huge, at its header, without reading it', async () => {
    // About 800 KB on disk for 800 MB of manifest, as the probe sent.
    const archive = craft([{ path: 'evmap-backup.json', size: 800 * MB, zeros: 800 * MB }]);
    expect(statSync(archive).size).toBeLessThan(2 * MB);
    await refused(
      archive,
      `${archive} is refused: its evmap-backup.json is 800.0 MB, more than a backup ever writes there ` +
        '(at most 64 KB). Nothing was restored.',
    );
  });

  it('refuses a member larger than any file a backup holds, and a huge secret or settings file', async () => {
    const header = [manifestEntry, ...cluster];
    // Only the start of each body is there: a restore that read on would fail on the truncated archive instead.
    const tooLarge = [
      { path: 'pg/base/1/16384', size: 4 * 1024 * MB, max: '1024.0 MB', shown: '4096.0 MB' },
      { path: 'uploads/events/poster.jpg', size: 2 * 1024 * MB, max: '1024.0 MB', shown: '2048.0 MB' },
      { path: 'jwt-secret', size: 200 * MB, max: '64 KB', shown: '200.0 MB' },
      { path: 'pg/postgresql.auto.conf', size: 3 * MB, max: '1.0 MB', shown: '3.0 MB' },
    ];
    for (const { path: name, size, max, shown } of tooLarge) {
      const archive = craft([...header, { path: name, size, zeros: MB }]);
      await refused(
        archive,
        `${archive} is refused: its ${name} is ${shown}, more than a backup ever writes there (at most ${max}). ` +
          'Nothing was restored.',
      );
    }
  });

  it('refuses an extended header larger than a path needs', async () => {
    const manifest = Buffer.from(manifestEntry.content);
    const records = Buffer.alloc(5 * MB, 'a');
    // A pax header block announcing 5 MB of records (its type and checksum set by hand), then the records.
    const block = entryHeader({ type: 'file', path: 'PaxHeader', mode: 0o644, mtime: 0, size: records.length });
    block.write('x', 156, 'ascii');
    block.write('        ', 148, 'ascii');
    let sum = 0;
    for (const byte of block) sum += byte;
    block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    const archive = path.join(folder('crafted'), 'pax.tar.gz');
    mkdirSync(path.dirname(archive));
    const tar = [
      entryHeader({ type: 'file', path: manifestEntry.path, mode: 0o644, mtime: 0, size: manifest.length }),
      manifest,
      padding(manifest.length),
      block,
      records,
      padding(records.length),
      endOfArchive(),
    ];
    writeFileSync(archive, gzipSync(Buffer.concat(tar)));
    await refused(
      archive,
      `${archive} is damaged: the archive has an extended header of ${5 * MB} bytes (at most 65536 are read)`,
    );
  });
});
