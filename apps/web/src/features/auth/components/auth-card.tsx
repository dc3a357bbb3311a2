import type { User } from '@duka/shared/auth/auth.schemas';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import type { AuthNotice } from '../lib/auth-notice';
import { AuthNoticeBanner } from './auth-notice-banner';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Mode = 'login' | 'register';

interface AuthCardProps {
  storeId: number | undefined;
  onAuthenticated: (user: User) => void;
  /** Why the person was sent here, if a redirect said so. */
  notice?: AuthNotice | null;
}

/** Spec §2 Login/Register: one card; switching remounts the form, so both start empty. */
export function AuthCard({ storeId, onAuthenticated, notice = null }: AuthCardProps) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>('login');

  const switchTo = (next: Mode) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setMode(next);
  };

  const linkClassName =
    'font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400';

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle>{mode === 'login' ? t('login.title') : t('register.title')}</CardTitle>
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
            <a href="#" className={linkClassName} onClick={switchTo('register')}>
              {t('login.switchLink')}
            </a>
          </p>
        ) : (
          <p>
            {t('register.haveAccount')}{' '}
            <a href="#" className={linkClassName} onClick={switchTo('login')}>
              {t('register.switchLink')}
            </a>
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
