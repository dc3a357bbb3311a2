import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { AppPageLoader } from './app-page-loader';

/** Below this, a page's code arrives before anyone would miss a sign of progress. */
const SHOW_AFTER_MS = 300;

/**
 * While the code of the page someone is going to is on its way, the current page stays and
 * this note says more is coming. (The very first load shows the root's HydrateFallback.)
 */
export function PendingNavigation() {
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'loading' ? navigation.location.key : null;
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (pendingKey === null) return;
    const timer = setTimeout(() => setSlowKey(pendingKey), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pendingKey]);

  if (pendingKey === null || slowKey !== pendingKey) return null;
  return (
    <AppPageLoader className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-full bg-white px-4 py-1.5 text-sm shadow-md dark:bg-slate-800" />
  );
}
