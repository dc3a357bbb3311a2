import { toast } from '@/components/ui/use-toast';
import { errorMessage } from './api-client';
import { i18n, translateMessage } from './i18n';

/**
 * The one "something failed" toast: title 'Error', the server's message in the reader's
 * language, or `fallback` (the spec's own failure text) when the server gave none.
 */
export function toastFailure(error: unknown, fallback: string): void {
  toast({
    variant: 'destructive',
    title: i18n.t('common:toast.error'),
    description: translateMessage(errorMessage(error, fallback)),
  });
}
