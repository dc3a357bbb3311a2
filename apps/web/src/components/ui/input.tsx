import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClassName =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base placeholder:text-slate-500 md:text-sm focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
