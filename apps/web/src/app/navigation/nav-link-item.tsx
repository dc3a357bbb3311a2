import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

export function NavLinkItem({
  to,
  label,
  className,
}: {
  to: string;
  label: string;
  className?: string;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          isActive && 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
          className,
        )
      }
    >
      {label}
    </NavLink>
  );
}
