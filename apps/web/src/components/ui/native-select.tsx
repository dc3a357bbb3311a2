import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClassName } from './input';

/** A plain <select>: right for short option lists, works with every keyboard and screen reader. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClassName, 'pr-8', className)} {...props} />;
}
