import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Label } from './label';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('shows and hides the password, and the field alone carries the label', async () => {
    render(
      <>
        <Label htmlFor="pw">Password</Label>
        <PasswordInput id="pw" defaultValue="secret-123" />
      </>,
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });
});
