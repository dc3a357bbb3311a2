import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { authErrorMessage } from '../lib/auth-error-message';

/**
 * Spec §8 "Auth failure": the message becomes a destructive 'Authentication Failed' toast and
 * the same form-level error. The form-level copy is the one people read: /auth renders no
 * notification area (spec §2). Shared by the login and register forms so they cannot diverge.
 */
export function useAuthFailure() {
  const [formError, setFormError] = useState<string | null>(null);

  const reportFailure = useCallback((error: unknown) => {
    const message = authErrorMessage(error);
    setFormError(message);
    toast({ variant: 'destructive', title: i18n.t('auth:failure.title'), description: message });
  }, []);

  const clearFailure = useCallback(() => setFormError(null), []);

  return { formError, reportFailure, clearFailure };
}
