import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/i18n';
import type { AuthNotice } from '../lib/auth-notice';

/** Why the person is on the sign-in page (session expired, signed out…), shown on the card. */
export function AuthNoticeBanner({ notice }: { notice: AuthNotice }) {
  return (
    <div
      role="status"
      className={cn(
        'mb-4 rounded-md border px-3 py-2 text-sm',
        notice.variant === 'destructive'
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
          : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
      )}
    >
      <p className="font-medium">{translateMessage(notice.title)}</p>
      {notice.description && <p>{translateMessage(notice.description)}</p>}
    </div>
  );
}
