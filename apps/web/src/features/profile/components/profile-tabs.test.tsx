import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, configureToasts, toast, useToast } from '@/components/ui/use-toast';
import { delay } from '@/lib/delay';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { buildUser } from '@/test/fixtures';
import { syncToastsWithPreferences, usePreferencesStore } from '../stores/preferences-store';
import { ProfileTabs } from './profile-tabs';

vi.mock('@/lib/delay', () => ({ delay: vi.fn(async () => undefined) }));

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
let sent: Sent[];
let reply: { status: number; body: unknown; headers?: Record<string, string> };

beforeEach(() => {
  sent = [];
  reply = { status: 200, body: { success: true } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/auth/csrf-token')) return Response.json({ token: 't' });
      sent.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return Response.json(reply.body, { status: reply.status, headers: reply.headers });
    }),
  );
});

afterEach(async () => {
  act(() => clearToasts());
  configureToasts({ showSuccessToasts: () => true });
  usePreferencesStore.setState({ darkMode: false, notifications: true, language: 'english' });
  await act(() => changeLanguage('en'));
});

function renderTabs(user = buildUser('super_admin', { name: 'Amina Otieno' })) {
  const onUpdated = vi.fn();
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileTabs user={user} onUpdated={onUpdated} />
    </QueryClientProvider>,
  );
  return { onUpdated, toasts };
}

describe('Profile tab (spec §2 Profile)', () => {
  it('shows the role capitalised and the member-since date, or N/A', () => {
    renderTabs();
    expect(screen.getByLabelText('Role')).toHaveValue('Super Admin');
    expect(screen.getByLabelText('Member Since')).toHaveValue('15 January 2025');
  });

  it('shows N/A without a creation date', () => {
    renderTabs(buildUser('sales', { created_at: '' }));
    expect(screen.getByLabelText('Member Since')).toHaveValue('N/A');
  });

  it("saves name and email, waits one second, and says 'Profile updated successfully'", async () => {
    const saved = buildUser('super_admin', { name: 'Amina K. Otieno' });
    reply = { status: 200, body: { success: true, data: saved } };
    const { onUpdated, toasts } = renderTabs();

    await userEvent.clear(screen.getByLabelText('Full Name'));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Amina K. Otieno');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await vi.waitFor(() => expect(onUpdated).toHaveBeenCalledWith(saved));
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/users/profile',
        body: { name: 'Amina K. Otieno', email: 'super_admin@duka.test' },
      },
    ]);
    expect(delay).toHaveBeenCalledWith(1000);
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Profile updated successfully' }),
    ]);
  });

  it("refuses an empty name with 'Name is required' and reports a failed save", async () => {
    const { toasts } = renderTabs();
    await userEvent.clear(screen.getByLabelText('Full Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    reply = { status: 500, body: {} };
    await userEvent.type(screen.getByLabelText('Full Name'), 'Amina');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Update Failed',
          description: 'Failed to update profile',
        }),
      ]),
    );
  });
});

describe('Security tab (spec §2, §5 Password change)', () => {
  it('checks the new password, then changes it and says so', async () => {
    const { toasts } = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Current Password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText('Password must be at least 8 characters')).toHaveLength(2);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));

    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Password changed successfully' }),
      ]),
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/users/change-password',
        body: {
          currentPassword: 'old-password',
          newPassword: 'new-password-1',
          confirmPassword: 'new-password-1',
        },
      },
    ]);
    expect(delay).toHaveBeenCalledWith(1000);
  });

  it("reports 'Password Change Failed' with the server's message", async () => {
    reply = { status: 400, body: { message: 'Current password is incorrect', code: 'x' } };
    const { toasts } = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));

    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Password Change Failed',
          description: 'Current password is incorrect',
        }),
      ]),
    );
  });
});

describe('Security tab: what went wrong shows on the field to fix', () => {
  async function submitPasswordChange() {
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('puts a wrong current password under Current Password, marked invalid and focused', async () => {
    reply = {
      status: 400,
      body: {
        message: 'Current password is incorrect',
        code: 'users.wrong_password',
        errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    };
    renderTabs();
    await submitPasswordChange();
    const field = screen.getByLabelText('Current Password');
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Current password is incorrect');
    expect(field).toHaveFocus();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('says how long to wait after too many attempts', async () => {
    reply = {
      status: 429,
      body: { message: 'Too many requests', code: 'rate_limited' },
      headers: { 'Retry-After': '42' },
    };
    const { toasts } = renderTabs();
    await submitPasswordChange();
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(message),
    );
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Password Change Failed', description: message }),
    ]);
  });
});

describe('Preferences tab (spec §2 Preferences)', () => {
  it("shows 'Preference Updated' on each change", async () => {
    const { toasts } = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Preference Updated' }),
    ]);
  });

  it('confirms switching Notifications off, then silences success toasts but not errors', async () => {
    syncToastsWithPreferences();
    const { toasts } = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ description: 'Notifications disabled' }),
    ]);

    act(() => clearToasts());
    act(() => {
      toast({ title: 'Success', description: 'User created successfully' });
    });
    expect(toasts.current.toasts).toEqual([]);
    act(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create user' });
    });
    expect(toasts.current.toasts).toEqual([expect.objectContaining({ title: 'Error' })]);

    // Switching them back on is confirmed too, and success toasts show again.
    act(() => clearToasts());
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ description: 'Notifications enabled' }),
    ]);
  });

  it('switches the whole profile to Swahili at once, and says so in Swahili', async () => {
    // jsdom lacks what Radix Select calls on open.
    Object.assign(Element.prototype, {
      scrollIntoView: () => undefined,
      hasPointerCapture: () => false,
      setPointerCapture: () => undefined,
      releasePointerCapture: () => undefined,
    });
    const { toasts } = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Swahili' }));

    expect(await screen.findByRole('tab', { name: 'Mapendeleo' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Usalama' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lugha' })).toHaveTextContent('Kiswahili');
    expect(document.documentElement.lang).toBe('sw');
    expect(usePreferencesStore.getState().language).toBe('swahili');
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({
        title: 'Mapendeleo Yamesasishwa',
        description: 'Lugha sasa ni Kiswahili',
      }),
    ]);
  });
});
