import type { MouseEvent } from 'react';

/**
 * The first stop of the Tab key: jumps past the navigation bar to the page's <main>. Focus is
 * moved by hand so the address keeps no '#main' and the router does not see a navigation.
 */
export function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={handleClick}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-emerald-800 focus:shadow-lg focus:ring-2 focus:ring-emerald-500 focus:outline-none dark:focus:bg-slate-900 dark:focus:text-emerald-300"
    >
      {label}
    </a>
  );
}
