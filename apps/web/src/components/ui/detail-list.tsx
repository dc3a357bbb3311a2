import type { ReactNode } from 'react';

/** A details dialog's label/value list: labels in one column, values beside them. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
  );
}

/** One label and its value in a DetailList. */
export function DetailEntry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
