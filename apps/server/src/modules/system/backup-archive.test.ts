/**
 * The backup file's tar reader (issue 27): an archive refused partway (a damaged entry, a path
 * outside the uploads) has its file closed — the server verifies every backup it writes, and a
 * refusal must not leave a descriptor open for the process's life.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTarGz, writeTarGz } from './backup-archive';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'duka-backup-archive-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The files this process holds open under `dir` (Linux's /proc). */
function openFilesUnder(dir: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir)) count += 1;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

describe.skipIf(process.platform !== 'linux')('readTarGz', () => {
  it('closes the file when the archive is refused partway', async () => {
    const good = path.join(root, 'good.tar.gz');
    // Random bytes do not compress: the file is large enough to be read in several chunks.
    const big = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 1) big[i] = (i * 2654435761) >>> 24;
    await writeTarGz(
      good,
      [
        { name: 'a.bin', size: big.length, data: big },
        { name: 'b.bin', size: big.length, data: big },
      ],
      new Date('2026-11-27T00:00:00Z'),
    );
    for (let round = 0; round < 3; round += 1) {
      await expect(
        readTarGz(good, () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openFilesUnder(root)).toBe(0);
  });
});
