import type { Role } from '@duka/shared/auth/roles';
import {
  BACKUP_RUNNING_MESSAGE,
  type Backup,
  type SystemBackups,
} from '@duka/shared/system/system.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type ApiReply } from '@/test/api-stub';
import { SystemBackupsView } from './system-backups-view';

const CHECKSUM = '3f2a9c01b7de44aa0123456789abcdef0123456789abcdef0123456789abcdef';

function buildBackup(overrides: Partial<Backup> = {}): Backup {
  return {
    id: 7,
    state: 'succeeded',
    trigger: 'nightly',
    file_name: 'duka-backup-2026-11-27T000000Z.tar.gz',
    size_bytes: 13_002_342,
    checksum: CHECKSUM,
    error: null,
    // 03:00 and 03:00:41 in Nairobi.
    started_at: '2026-11-27T00:00:00.000Z',
    finished_at: '2026-11-27T00:00:41.000Z',
    ...overrides,
  };
}

function buildSystem(overrides: Partial<SystemBackups> = {}): SystemBackups {
  return {
    status: { warning: null, last_success_at: '2026-11-27T00:00:41.000Z' },
    backups: [buildBackup()],
    folder: '/media/usb/duka-backups',
    keep_days: 14,
    schedule: { time: '03:00', time_zone: 'Africa/Nairobi' },
    next_run_at: '2026-11-28T00:00:00.000Z',
    database: 'embedded',
    ...overrides,
  };
}

function renderView(role: Role = 'admin') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <SystemBackupsView />
        <Toaster />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the System page (issue 27)', () => {
  it('shows the last backup, where and when backups are made, and the recent ones', async () => {
    const failed = buildBackup({
      id: 6,
      state: 'failed',
      trigger: 'manual',
      file_name: null,
      size_bytes: null,
      checksum: null,
      error: 'No space left on the backup disk',
      started_at: '2026-11-26T09:15:00.000Z',
      finished_at: '2026-11-26T09:15:03.000Z',
    });
    const small = buildBackup({ id: 5, trigger: 'cli', size_bytes: 840 * 1024 });
    stubApi({
      'GET /system/backups': {
        body: { success: true, data: buildSystem({ backups: [buildBackup(), failed, small] }) },
      },
    });
    renderView();

    const last = (await screen.findByRole('heading', { name: 'Last backup' })).closest(
      'div',
    )!.parentElement!;
    expect(within(last).getByText('27 Nov 2026, 03:00')).toBeInTheDocument();
    expect(within(last).getByText('12.4 MB')).toBeInTheDocument();
    expect(within(last).getByText('Nightly')).toBeInTheDocument();
    expect(within(last).getByText('Succeeded')).toBeInTheDocument();

    expect(screen.getByText('/media/usb/duka-backups')).toBeInTheDocument();
    expect(screen.getByText('14 days')).toBeInTheDocument();
    expect(screen.getByText('Every night at 03:00 (Africa/Nairobi)')).toBeInTheDocument();
    expect(screen.getByText('28 Nov 2026, 03:00')).toBeInTheDocument();
    expect(screen.getByText('Embedded')).toBeInTheDocument();

    // jsdom has no matchMedia: the wide layout, a real table.
    const table = screen.getByRole('table', { name: 'Recent backups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(CHECKSUM.slice(0, 12))).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(CHECKSUM)).toBeNull();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Manual')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No space left on the backup disk')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('840 KB')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Command line')).toBeInTheDocument();
  });

  it('says when the last backup failed, and when the last good one was', async () => {
    stubApi({
      'GET /system/backups': {
        body: {
          success: true,
          data: buildSystem({
            status: { warning: 'failed', last_success_at: '2026-11-25T00:00:40.000Z' },
            backups: [
              buildBackup({
                state: 'failed',
                size_bytes: null,
                checksum: null,
                error: 'disk full',
              }),
            ],
            database: 'postgresql',
          }),
        },
      },
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('The last backup failed');
    expect(screen.getByText('Last good backup: 25 Nov 2026, 03:00')).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
  });

  it('says so when there is no backup yet', async () => {
    stubApi({
      'GET /system/backups': {
        body: {
          success: true,
          data: buildSystem({
            status: { warning: 'stale', last_success_at: null },
            backups: [],
          }),
        },
      },
    });
    renderView();
    expect(await screen.findByText('No backup has been made yet.')).toBeInTheDocument();
    expect(screen.getByText('No backups yet.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No backup in the last two days');
  });

  it('backs up now: the button is disabled and says so while it runs, then a toast and the new row', async () => {
    let system = buildSystem();
    let answer: (reply: Response) => void = () => undefined;
    const made = buildBackup({
      id: 8,
      trigger: 'manual',
      size_bytes: 2_516_582,
      started_at: '2026-11-27T06:30:00.000Z',
      finished_at: '2026-11-27T06:30:05.000Z',
    });
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/auth/csrf-token')) return Response.json({ token: 't' });
        sent.push(`${init.method ?? 'GET'} ${url}`);
        if (init.method === 'POST') {
          return new Promise<Response>((resolve) => {
            answer = (reply) => {
              system = { ...system, backups: [made, ...system.backups] };
              resolve(reply);
            };
          });
        }
        return Response.json({ success: true, data: system });
      }),
    );
    renderView();

    const button = await screen.findByRole('button', { name: 'Back up now' });
    await userEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Backing up…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Backing up…');

    answer(Response.json({ success: true, data: made }, { status: 201 }));
    expect(await screen.findByText('Backup made')).toBeInTheDocument();
    expect(screen.getByText('2.4 MB, checked and kept in the backup folder.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeEnabled();
    const table = screen.getByRole('table', { name: 'Recent backups' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(sent).toEqual([
      'GET /api/system/backups',
      'POST /api/system/backups',
      'GET /api/system/backups',
    ]);
  });

  it("says the server's words when a backup is already running (409)", async () => {
    const replies: Record<string, ApiReply> = {
      'GET /system/backups': { body: { success: true, data: buildSystem() } },
      'POST /system/backups': {
        status: 409,
        body: { message: BACKUP_RUNNING_MESSAGE, code: 'CONFLICT' },
      },
    };
    const sent = stubApi(replies);
    renderView('super_admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    // An empty object (the server reads no body as null), and no store: it holds them all.
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/system/backups',
      body: {},
    });
    const message = await screen.findByText('A backup is already running');
    expect(message.closest('li')).toHaveTextContent('Error');
  });

  it('tells a backup written but not verified as a failure, with its reason', async () => {
    stubApi({
      'GET /system/backups': { body: { success: true, data: buildSystem() } },
      'POST /system/backups': {
        status: 201,
        body: {
          success: true,
          data: buildBackup({ id: 9, state: 'failed', error: 'The backup did not read back' }),
        },
      },
    });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('The backup did not read back')).toBeInTheDocument();
    expect(screen.queryByText('Backup made')).toBeNull();
  });

  it('keeps the button disabled while a backup (the nightly one) is running, and looks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    stubApi({
      'GET /system/backups': () => {
        calls += 1;
        const backups =
          calls === 1
            ? [
                buildBackup({
                  id: 8,
                  state: 'running',
                  size_bytes: null,
                  checksum: null,
                  finished_at: null,
                }),
              ]
            : [buildBackup({ id: 8 })];
        return { body: { success: true, data: buildSystem({ backups }) } };
      },
    });
    renderView();
    expect(await screen.findByRole('button', { name: 'Backing up…' })).toBeDisabled();
    expect(screen.getAllByText('Running').length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(3100);
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(calls).toBe(2);
  });

  it('shows no Back up now button to a role that may not make one', async () => {
    stubApi({ 'GET /system/backups': { body: { success: true, data: buildSystem() } } });
    renderView('manager');
    expect(await screen.findByRole('heading', { name: 'Last backup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
  });

  it("says the server's refusal when the backups cannot be read", async () => {
    stubApi({
      'GET /system/backups': { status: 403, body: { message: 'Insufficient permissions' } },
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient permissions');
  });
});
