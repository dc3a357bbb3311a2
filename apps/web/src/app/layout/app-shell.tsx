import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '@/components/ui/skip-link';
import { NavigationBar } from '../navigation/navigation-bar';

export const MAIN_ID = 'main';

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <SkipLink targetId={MAIN_ID} label={t('skipToContent')} />
      <NavigationBar />
      {/* tabIndex -1: the skip link can focus it; it is not a Tab stop of its own. */}
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none md:px-6"
      >
        {children}
      </main>
    </div>
  );
}
