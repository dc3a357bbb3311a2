import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useStockCount } from '../api/stock-counts';
import { countFailureMessage } from '../lib/count-errors';
import { CountingScreen } from './counting-screen';
import { CountsList } from './counts-list';
import { VarianceReport } from './variance-report';
import { CountsLoading } from './counts-loading';

/** The address's `count`: the count on screen (?tab=counts&count=12), so a reload stays on it. */
const COUNT_PARAM = 'count';

/**
 * The Counts tab of /inventory (issue 25), loaded lazily with its words: the list of counts, or
 * one count — its counting screen while open, its variance report once finished.
 */
export function CountsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const countId = Number(searchParams.get(COUNT_PARAM)) || null;

  const show = (id: number | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id === null) next.delete(COUNT_PARAM);
      else next.set(COUNT_PARAM, String(id));
      return next;
    });

  return countId === null ? (
    <CountsList onOpenCount={show} />
  ) : (
    <CountView key={countId} id={countId} onBack={() => show(null)} />
  );
}

function CountView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('counts');
  const count = useStockCount(id);
  // Seen open here first: once it turns finished, its report takes the focus.
  const [seenOpen, setSeenOpen] = useState(false);
  if (count.data?.status === 'open' && !seenOpen) setSeenOpen(true);

  if (count.isPending) return <CountsLoading label={t('screen.loading')} />;
  if (count.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
        <p>{countFailureMessage(count.error, t('screen.loadFailed'))}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => void count.refetch()}>
            {t('list.retry')}
          </Button>
          <Button variant="outline" onClick={onBack}>
            {t('screen.back')}
          </Button>
        </div>
      </div>
    );
  }
  if (count.data.status === 'open') {
    return (
      <CountingScreen count={count.data} onBack={onBack} onRefresh={() => void count.refetch()} />
    );
  }
  return <VarianceReport count={count.data} onBack={onBack} focusOnMount={seenOpen} />;
}
