/**
 * /api/system (issue 27): the install's backups, for its owners (system:read, system:backup).
 * The backup file itself is never served over HTTP: it holds every store.
 */
import {
  backupSchema,
  backupStatusSchema,
  systemBackupsSchema,
} from '@duka/shared/system/system.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseClientOf, type Database } from '../../db/client';
import { requireAuth } from '../../lib/access.plugin';
import { nextNightlyRun } from './backup-schedule';
import { backupStatusRows, installedAt, listBackups, runBackup } from './backup.service';
import { presentBackup, presentBackupStatus } from './system.presenters';

async function backupStatus(db: Database, now: Date) {
  const { latestFinished, lastSuccess } = await backupStatusRows(db);
  // The install's age matters only while there is no good backup.
  const installed = lastSuccess ? null : await installedAt(db);
  return presentBackupStatus(latestFinished, lastSuccess, installed, now);
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.deps;

  app.get(
    '/backups',
    {
      config: { access: { capability: 'system:read' } },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ success: z.literal(true), data: systemBackupsSchema }) },
      },
    },
    async () => {
      const now = clock.now();
      const [status, rows] = await Promise.all([backupStatus(db, now), listBackups(db)]);
      return {
        success: true as const,
        data: {
          status,
          backups: rows.map(presentBackup),
          folder: config.backup.dir,
          keep_days: config.backup.keepDays,
          schedule: { time: config.backup.time, time_zone: config.backup.timeZone },
          next_run_at: nextNightlyRun(now, config.backup).toISOString(),
          database:
            databaseClientOf(db).driver === 'pglite'
              ? ('embedded' as const)
              : ('postgresql' as const),
        },
      };
    },
  );

  // Made while the request waits (a shop's backup takes seconds): 201 with the backup, which
  // is 'failed' with its reason when it could not be written; 409 while another one runs.
  app.post(
    '/backups',
    {
      config: { access: { capability: 'system:backup' } },
      schema: {
        tags: ['system'],
        // Nothing to send: an empty body, or none.
        body: z.object({}).strict().optional(),
        response: { 201: z.object({ success: z.literal(true), data: backupSchema }) },
      },
    },
    async (request, reply) => {
      const row = await runBackup(
        { db, config, clock, log: (line) => request.log.info(line) },
        { trigger: 'manual', userId: requireAuth(request).user.id },
      );
      return reply.status(201).send({ success: true as const, data: presentBackup(row) });
    },
  );

  app.get(
    '/backup-status',
    {
      config: { access: { capability: 'system:read' } },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ success: z.literal(true), data: backupStatusSchema }) },
      },
    },
    async () => ({ success: true as const, data: await backupStatus(db, clock.now()) }),
  );
};
