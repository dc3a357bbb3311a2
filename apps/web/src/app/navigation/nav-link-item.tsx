import { NavLink, type NavLinkProps } from 'react-router';
import { cn } from '@/lib/cn';

type NavLinkItemProps = Omit<NavLinkProps, 'className' | 'children'> & {
  label: string;
  className?: string;
};

/**
 * A navigation link. Other props (onClick, ref…) pass through to the anchor, so a wrapper
 * such as the side menu's SheetClose can close the menu when the link is chosen.
 */
export function NavLinkItem({ label, className, ...linkProps }: NavLinkItemProps) {
  return (
    <NavLink
      {...linkProps}
      className={({ isActive }) =>
        cn(
          'rounded-md px-2 py-1.5 text-sm xl:px-2.5 font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          isActive && 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
          className,
        )
      }
    >
      {label}
    </NavLink>
  );
}
