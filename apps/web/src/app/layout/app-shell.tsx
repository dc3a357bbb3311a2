import type { ReactNode } from 'react';
import { NavigationBar } from '../navigation/navigation-bar';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <NavigationBar />
      <main className="mx-auto w-full max-w-7xl px-4 py-6 md:px-6">{children}</main>
    </div>
  );
}
