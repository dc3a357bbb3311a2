import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/fixtures';
import * as authApi from '../api/auth-api';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard, type AuthMode } from './auth-card';

/** The page keeps the mode in the address; here a state stands in for it. */
function TestAuthCard(
  props: Omit<ComponentProps<typeof AuthCard>, 'mode' | 'modeHref' | 'onModeChange'>,
) {
  const [mode, setMode] = useState<AuthMode>('login');
  return (
    <AuthCard
      {...props}
      mode={mode}
      modeHref={(target) => (target === 'register' ? '/auth?mode=register' : '/auth')}
      onModeChange={setMode}
    />
  );
}

vi.mock('../api/auth-api');

const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuthenticated: false, sessionChecked: true });
});

afterEach(async () => {
  act(() => clearToasts());
  await act(() => changeLanguage('en'));
});

describe('AuthCard', () => {
  it("shows the schema's messages and sends nothing when the form is invalid", async () => {
    render(<TestAuthCard storeId={undefined} onAuthenticated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(password(), '123');
    await userEvent.click(submit('Login'));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(authApi.loginRequest).not.toHaveBeenCalled();
  });

  it('signs in with a trimmed email and hands the user on', async () => {
    const cashier = buildUser('sales');
    vi.mocked(authApi.loginRequest).mockResolvedValueOnce(cashier);
    const onAuthenticated = vi.fn();
    render(<TestAuthCard storeId={undefined} onAuthenticated={onAuthenticated} />);

    await userEvent.type(screen.getByLabelText('Email'), '  cashier@duka.test ');
    await userEvent.type(password(), 'duka-demo-1234');
    await userEvent.click(submit('Login'));

    expect(authApi.loginRequest).toHaveBeenCalledWith({
      email: 'cashier@duka.test',
      password: 'duka-demo-1234',
    });
    expect(onAuthenticated).toHaveBeenCalledWith(cashier);
  });

  it("shows the server's refusal, and the wait after too many attempts, as a form error", async () => {
    vi.mocked(authApi.loginRequest)
      .mockRejectedValueOnce(
        new ApiRequestError({ status: 401, message: 'Invalid email or password' }),
      )
      .mockRejectedValueOnce(
        new ApiRequestError({ status: 429, message: 'Too many requests', retryAfter: 60 }),
      );
    render(<TestAuthCard storeId={undefined} onAuthenticated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'admin@duka.test');
    await userEvent.type(password(), 'wrong-password');

    await userEvent.click(submit('Login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await userEvent.click(submit('Login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Please wait 60 seconds and try again.',
    );
  });

  it("raises an 'Authentication Failed' toast, with the generic hint when the server says nothing", async () => {
    vi.mocked(authApi.loginRequest).mockRejectedValueOnce(
      new ApiRequestError({ status: 500, message: '' }),
    );
    const { result } = renderHook(() => useToast());
    render(<TestAuthCard storeId={undefined} onAuthenticated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'admin@duka.test');
    await userEvent.type(password(), 'duka-demo-1234');
    await userEvent.click(submit('Login'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check your credentials and try again',
    );
    expect(result.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Authentication Failed',
        description: 'Please check your credentials and try again',
      }),
    ]);
  });

  it('toggles to an empty register form and sends the store from the link', async () => {
    const shopper = buildUser('user');
    vi.mocked(authApi.registerRequest).mockResolvedValueOnce(shopper);
    render(<TestAuthCard storeId={2} onAuthenticated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'typed@duka.test');

    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth?mode=register',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByText('Create an account to get started.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('Name'), '  Wanjiku  ');
    await userEvent.type(screen.getByLabelText('Email'), 'wanjiku@duka.test');
    await userEvent.type(password(), 'secret-123');
    await userEvent.click(submit('Sign up'));

    expect(authApi.registerRequest).toHaveBeenCalledWith({
      name: 'Wanjiku',
      email: 'wanjiku@duka.test',
      password: 'secret-123',
      store_id: 2,
    });

    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByText('Welcome back! Please login to continue.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it("speaks Swahili when it is chosen: the schema's and the server's messages too", async () => {
    await act(() => changeLanguage('sw'));
    vi.mocked(authApi.loginRequest)
      .mockRejectedValueOnce(
        new ApiRequestError({ status: 401, message: 'Invalid email or password' }),
      )
      .mockRejectedValueOnce(
        new ApiRequestError({ status: 429, message: 'Too many requests', retryAfter: 60 }),
      );
    render(<TestAuthCard storeId={undefined} onAuthenticated={vi.fn()} />);
    expect(screen.getByText('Karibu tena! Tafadhali ingia ili uendelee.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Barua pepe'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Nenosiri', { selector: 'input' }), '123');
    await userEvent.click(submit('Ingia'));
    expect(await screen.findByText('Barua pepe si sahihi')).toBeInTheDocument();
    expect(screen.getByText('Nenosiri liwe na angalau herufi 6')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Barua pepe'));
    await userEvent.type(screen.getByLabelText('Barua pepe'), 'admin@duka.test');
    await userEvent.type(screen.getByLabelText('Nenosiri', { selector: 'input' }), '4567890');
    await userEvent.click(submit('Ingia'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Barua pepe au nenosiri si sahihi');

    await userEvent.click(submit('Ingia'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Umejaribu kuingia mara nyingi mno. Tafadhali subiri sekunde 60 kisha ujaribu tena.',
    );
  });
});
