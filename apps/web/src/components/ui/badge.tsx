import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const badgeVariants = cva(
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-emerald-700 text-white dark:bg-emerald-700 dark:text-white',
        secondary:
          'border-transparent bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
        destructive: 'border-transparent bg-red-600 text-white dark:bg-red-700',
        outline: 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300',
        // Status tones (spec §4: green, yellow, red, grey): dark text on a light tint, and the
        // reverse in the dark theme, so every tone keeps its contrast in both.
        success:
          'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
        warning:
          'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
        danger: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
        info: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** The Active / Inactive state of any record with an `is_active` flag. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={active ? 'default' : 'secondary'}>
      {active ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
