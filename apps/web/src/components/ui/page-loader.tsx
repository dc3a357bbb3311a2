import { cn } from '@/lib/cn';

/**
 * What a person sees while a page's code (a lazily loaded route) is on its way: a spinner and
 * a text that screen readers announce politely. `label` lets the caller pass translated words.
 */
export function PageLoader({
  label = 'Loading…',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 text-slate-500 dark:text-slate-400',
        className,
      )}
    >
      <span
        aria-hidden
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
