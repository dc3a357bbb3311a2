/**
 * `npm run backup` beside a running server on the embedded database (issue 27): the server
 * holds DATA_DIR, so the script asks it over the data folder's lock socket
 * (lib/data-dir-lock.ts) — one line `backup` — and the server makes the backup itself
 * (trigger 'cli') and answers one JSON line: the file, its size and checksum, or the error.
 * Nothing else is accepted on that socket.
 */
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { runBackup, type BackupDeps } from './backup.service';

export const BACKUP_COMMAND = 'backup';

export const lockBackupAnswerSchema = z.union([
  z.object({
    backup: z.object({
      file: z.string().min(1),
      size_bytes: z.number().int().nonnegative(),
      checksum: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  }),
  z.object({ error: z.string().min(1) }),
]);
export type LockBackupAnswer = z.infer<typeof lockBackupAnswerSchema>;

/** The server's side: answers a request line read from its lock socket. */
export async function answerLockRequest(
  deps: BackupDeps,
  command: string,
): Promise<LockBackupAnswer> {
  if (command !== BACKUP_COMMAND) {
    return { error: `Unknown request "${command.slice(0, 32)}": only "backup" is answered` };
  }
  try {
    const row = await runBackup(deps, { trigger: 'cli' });
    if (row.state !== 'succeeded') return { error: `The backup failed: ${row.error}` };
    return {
      backup: {
        file: path.join(deps.config.backup.dir, row.fileName!),
        size_bytes: row.sizeBytes ?? 0,
        checksum: row.checksum!,
      },
    };
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}
