/**
 * The backup folder (issue 27): made when missing, but never its parents — a BACKUP_DIR on a USB
 * disk that is not mounted fails with words, rather than filling the machine's own disk under
 * the empty mount point; the default, DATA_DIR/backups, is made whole.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBackupFolder } from './backup.service';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'duka-backup-folder-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the backup folder', () => {
  it('is made when its parent exists', async () => {
    const dir = path.join(root, 'backups');
    await ensureBackupFolder(dir, path.join(root, 'data'));
    expect((await stat(dir)).isDirectory()).toBe(true);
    // Twice is fine: it exists.
    await ensureBackupFolder(dir, path.join(root, 'data'));
  });

  it('is not made, nor its parents, when the folder it goes in is missing (an unmounted disk)', async () => {
    const mountPoint = path.join(root, 'media', 'usb');
    const dir = path.join(mountPoint, 'duka-backups');
    await expect(ensureBackupFolder(dir, path.join(root, 'data'))).rejects.toThrow(
      `The backup folder ${dir} cannot be made: the folder it goes in does not exist (is the disk mounted?)`,
    );
    expect(existsSync(path.join(root, 'media'))).toBe(false);
  });

  it('under DATA_DIR (the default) is made with DATA_DIR itself', async () => {
    const dataDir = path.join(root, 'fresh-data');
    const dir = path.join(dataDir, 'backups');
    await ensureBackupFolder(dir, dataDir);
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  it('that is a file is refused', async () => {
    const file = path.join(root, 'a-file');
    await writeFile(file, 'x');
    await expect(ensureBackupFolder(file, path.join(root, 'data'))).rejects.toThrow(
      `The backup folder ${file} exists and is not a folder`,
    );
  });

  it.runIf(process.platform === 'linux')(
    'under /proc fails at once (a recursive mkdir there never returns)',
    async () => {
      await expect(ensureBackupFolder('/proc/duka-backups-nope', root)).rejects.toThrow(
        /cannot be made/,
      );
    },
  );
});
