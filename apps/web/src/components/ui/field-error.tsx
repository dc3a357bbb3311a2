import type { ReactNode } from 'react';

/** The message under a form field; `id` lets the field point at it with aria-describedby. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}
