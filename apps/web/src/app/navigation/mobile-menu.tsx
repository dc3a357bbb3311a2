import type { User } from '@duka/shared/auth/auth.schemas';
import type { PagePath } from '@duka/shared/auth/permissions';
import { MenuIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { NavLinkItem } from './nav-link-item';
import { navLabelKey } from './nav-label';

interface MobileMenuProps {
  entries: readonly { path: PagePath; label: string }[];
  user: User;
}

/** The side menu for small screens; lists the same links as the desktop bar. */
export function MobileMenu({ entries, user }: MobileMenuProps) {
  const { t } = useTranslation('navigation');
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('openMenu')}>
          <MenuIcon />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="text-lg font-bold">Duka</SheetTitle>
        <SheetDescription className="sr-only">{t('menuDescription')}</SheetDescription>
        <nav aria-label={t('mobileLabel')} className="flex flex-col gap-1">
          {entries.map((entry) => (
            <SheetClose key={entry.path} asChild>
              <NavLinkItem
                to={entry.path}
                label={t(navLabelKey(entry.path))}
                className="py-2 text-base"
              />
            </SheetClose>
          ))}
        </nav>
        <div className="mt-auto border-t border-slate-200 pt-4 dark:border-slate-800">
          <SheetClose asChild>
            <NavLinkItem to="/profile" label={user.name} className="flex items-center gap-2" />
          </SheetClose>
          <p className="mt-1 flex items-center gap-2 px-2.5 text-xs text-slate-600 dark:text-slate-400">
            <UserIcon className="size-3" aria-hidden />
            {user.email}
          </p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
