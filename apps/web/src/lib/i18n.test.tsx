import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n, translateMessage } from './i18n';

function LogoutLabel() {
  const { t } = useTranslation('navigation');
  return <button type="button">{t('logout')}</button>;
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('switching the language', () => {
  it('renders English first, and every mounted text changes at once, with <html lang>', async () => {
    render(
      <Suspense fallback={null}>
        <LogoutLabel />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Logout');
    expect(document.documentElement.lang).toBe('en');
    // Only English is bundled; Swahili is fetched when it is chosen.
    expect(i18n.hasResourceBundle('sw', 'navigation')).toBe(false);

    await act(() => changeLanguage('sw'));
    expect(screen.getByRole('button')).toHaveTextContent('Toka');
    expect(document.documentElement.lang).toBe('sw');
    expect(currentLanguage()).toBe('sw');

    await act(() => changeLanguage('fr'));
    expect(screen.getByRole('button')).toHaveTextContent('Déconnexion');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('translateMessage', () => {
  it("translates a schema or server message by its English words, and keeps one it doesn't know", async () => {
    expect(translateMessage('Passwords do not match')).toBe('Passwords do not match');
    await act(() => changeLanguage('sw'));
    expect(translateMessage('Passwords do not match')).toBe('Manenosiri hayalingani');
    expect(translateMessage('Please log in again.')).toBe('Tafadhali ingia tena.');
    expect(translateMessage('A brand-new server message')).toBe('A brand-new server message');
    expect(translateMessage(undefined)).toBeUndefined();
  });

  it("translates the server's M-Pesa refusals the till and the settings show (issue 23)", async () => {
    // stk.service, sales.errors (mpesa_payment_id), mpesa-settings.service: word for word.
    const messages = [
      'M-Pesa refused this phone number',
      'M-Pesa refused this phone number: check it and try again',
      'This phone has another M-Pesa request in progress: wait a minute and try again',
      'M-Pesa could not be reached: try again or take cash',
      'M-Pesa is not set up for this store: a manager enters its details in Settings',
      'M-Pesa request not found',
      'M-Pesa payment not found',
      'This M-Pesa payment is not paid',
      'An M-Pesa payment can pay only an M-Pesa part of the sale',
      'Each M-Pesa part needs its own payment',
      'M-Pesa could not be reached: the URLs will be registered when it answers',
    ];
    for (const language of ['sw', 'fr'] as const) {
      await act(() => changeLanguage(language));
      for (const message of messages) expect(translateMessage(message)).not.toBe(message);
    }
    await act(() => changeLanguage('sw'));
    expect(translateMessage('This M-Pesa payment is not paid')).toBe(
      'Malipo haya ya M-Pesa hayajalipwa',
    );
  });
});
