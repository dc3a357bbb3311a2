import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { ReportRange } from '../api/reports-api';
import { usePeriodLabel } from '../lib/report-period';
import { ReportFailed, ReportLoading } from './report-status';

interface ReportCardProps<Data> {
  title: string;
  /** The range the card covers: named under its title (issue 20). */
  range: ReportRange;
  /** The card's own report; its figures show once it has data. */
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
  className?: string;
}

/**
 * One card of the reports page: a region named by its title, the period it covers in the
 * language's date order ('1–26 Nov 2026'), and its report — loading, failed (with Retry) or its
 * figures. Every card takes the page's range and asks for its own data, so a new card (e.g.
 * discounts per cashier) is one more <ReportCard> on the page.
 */
export function ReportCard<Data>({
  title,
  range,
  query,
  children,
  className,
}: ReportCardProps<Data>) {
  const titleId = useId();
  const period = usePeriodLabel(range);
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      className={cn('min-w-0', className)}
    >
      <CardHeader className="gap-1 pb-3">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="report-period">
          {period}
        </p>
      </CardHeader>
      <CardContent className="min-w-0">
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isError ? (
          <ReportFailed onRetry={() => void query.refetch()} />
        ) : (
          <ReportLoading className="py-6" />
        )}
      </CardContent>
    </Card>
  );
}
