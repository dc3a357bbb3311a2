import { TOP_SELLERS } from '@duka/shared/reports/reports.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  useExpensesSummary,
  usePerformanceReport,
  useSalesSummary,
  type ReportRange,
} from '@/features/reports/api/reports-api';
import { InventoryTab } from '@/features/reports/components/inventory-tab';
import { PerformanceTab } from '@/features/reports/components/performance-tab';
import { ReportCharts } from '@/features/reports/components/report-charts';
import { ReportFailed, ReportLoading } from '@/features/reports/components/report-status';
import { ReportsErrorBoundary } from '@/features/reports/components/reports-error-boundary';
import { SummaryCards } from '@/features/reports/components/summary-cards';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Reports: three summary cards, the charts, and the Inventory Status and Product
 * Performance tabs. The date range set in Product Performance (both days, or none) applies to
 * the cards and charts too, so every figure on the page covers the same days.
 */
function ReportsContent() {
  const { t } = useTranslation(['reports', 'pages']);
  const [range, setRange] = useState<ReportRange>({});
  const sales = useSalesSummary(range);
  const expenses = useExpensesSummary(range);
  const top = usePerformanceReport({ ...range, sort: 'revenue', page: 1, pageSize: TOP_SELLERS });

  const summaries = [sales, expenses, top];
  const retry = () => {
    for (const query of summaries) if (query.isError) void query.refetch();
  };

  return (
    <div className="grid gap-6">
      {sales.isPending || expenses.isPending || top.isPending ? (
        summaries.some((query) => query.isError) ? (
          <ReportFailed onRetry={retry} />
        ) : (
          <ReportLoading />
        )
      ) : sales.isError || expenses.isError || top.isError ? (
        <ReportFailed onRetry={retry} />
      ) : (
        <>
          <SummaryCards
            sales={sales.data}
            expenses={expenses.data}
            topSellers={top.data.products}
          />
          <ReportCharts sales={sales.data} />
        </>
      )}
      <Tabs defaultValue="inventory" className="space-y-4">
        <TabsList aria-label={t('reports:tabs.label')} className="w-full justify-start sm:w-auto">
          <TabsTrigger value="inventory">{t('reports:tabs.inventory')}</TabsTrigger>
          <TabsTrigger value="performance">{t('reports:tabs.performance')}</TabsTrigger>
        </TabsList>
        <TabsContent value="inventory">
          <InventoryTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab range={range} onRangeChange={setRange} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ReportsPage() {
  const { t } = useTranslation(['reports', 'pages']);
  const storeId = useActingStoreId();
  // A super_admin's page waits for a chosen store: every report is store-scoped.
  if (storeId === null) return <AppPageLoader />;
  return (
    <>
      <PageHeader title={t('pages:titles.reports')} />
      <ReportsErrorBoundary message={t('reports:crashed')}>
        {/* A new store: start again with its own figures. */}
        <ReportsContent key={storeId} />
      </ReportsErrorBoundary>
    </>
  );
}
