import type { User } from '@duka/shared/auth/auth.schemas';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import type { AuthNotice } from '../lib/auth-notice';
import { AuthNoticeBanner } from './auth-notice-banner';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

interface AuthCardProps {
  /** Which view shows; the page keeps it in the address (`?mode=register`). */
  mode: AuthMode;
  /** The address of a view, for the toggle links (open in a new tab, copy, Back). */
  modeHref: (mode: AuthMode) => string;
  onModeChange: (mode: AuthMode) => void;
  storeId: number | undefined;
  onAuthenticated: (user: User) => void;
  /** Why the person was sent here, if a redirect said so. */
  notice?: AuthNotice | null;
}

/** Spec §2 Login/Register: one card; switching remounts the form, so both start empty. */
export function AuthCard({
  mode,
  modeHref,
  onModeChange,
  storeId,
  onAuthenticated,
  notice = null,
}: AuthCardProps) {
  const { t } = useTranslation('auth');
  const switchTo = (next: AuthMode) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is the browser's to handle.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    onModeChange(next);
  };

  const linkClassName =
    'font-medium text-emerald-700 underline underline-offset-4 dark:text-emerald-400';

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        {/* The page's one <h1>: the sign-in page has no app shell or page header. */}
        <h1 className="text-xl leading-none font-semibold">
          {mode === 'login' ? t('login.title') : t('register.title')}
        </h1>
        <CardDescription>
          {mode === 'login' ? t('login.description') : t('register.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {notice && <AuthNoticeBanner notice={notice} />}
        {mode === 'login' ? (
          <LoginForm key="login" onAuthenticated={onAuthenticated} />
        ) : (
          <RegisterForm key="register" storeId={storeId} onAuthenticated={onAuthenticated} />
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm text-slate-600 dark:text-slate-400">
        {mode === 'login' ? (
          <p>
            {t('login.noAccount')}{' '}
            <a href={modeHref('register')} className={linkClassName} onClick={switchTo('register')}>
              {t('login.switchLink')}
            </a>
          </p>
        ) : (
          <p>
            {t('register.haveAccount')}{' '}
            <a href={modeHref('login')} className={linkClassName} onClick={switchTo('login')}>
              {t('register.switchLink')}
            </a>
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
