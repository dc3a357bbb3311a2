import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ReportRange } from '@/features/reports/api/reports-api';
import { DiscountsCard } from '@/features/reports/components/discounts-card';
import { InventoryTab } from '@/features/reports/components/inventory-tab';
import { PerformanceTab } from '@/features/reports/components/performance-tab';
import {
  ExpensesCard,
  ProfitCard,
  SalesByMethodCard,
  TopSellersCard,
} from '@/features/reports/components/report-cards';
import {
  PaymentMethodsChart,
  RevenueByDayChart,
} from '@/features/reports/components/report-charts';
import { ReportRangeForm } from '@/features/reports/components/report-range';
import { ReportsErrorBoundary } from '@/features/reports/components/reports-error-boundary';
import { thisMonthSoFar } from '@/features/reports/lib/report-period';
import { useCan } from '@/lib/use-can';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

// Issue 26: the monthly VAT report, when its tab is first opened (its words are the page's).
const VatTab = lazy(() =>
  import('@/features/reports/components/vat-tab').then((module) => ({ default: module.VatTab })),
);

/**
 * Spec §2 Reports, with the range at the top (issue 20): it drives every card, chart and the
 * Product Performance table, each naming the period; it opens on this month so far. The page is
 * a composition of cards that each take the range and ask for their own report — a new one
 * slots into the grid. Inventory Status is the stock now, not a period. The VAT tab (issue 26,
 * reports:vat) has a month of its own, as KRA's returns are monthly.
 */
function ReportsContent() {
  const { t } = useTranslation(['reports', 'pages']);
  const [range, setRange] = useState<ReportRange>(() => thisMonthSoFar());
  const can = useCan();

  return (
    <div className="grid gap-6">
      <ReportRangeForm range={range} onRangeChange={setRange} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <SalesByMethodCard range={range} />
        <ExpensesCard range={range} />
        <TopSellersCard range={range} />
        <ProfitCard range={range} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <PaymentMethodsChart range={range} />
        <RevenueByDayChart range={range} />
      </div>
      <DiscountsCard range={range} />
      <Tabs defaultValue="inventory" className="space-y-4">
        <TabsList
          aria-label={t('reports:tabs.label')}
          className="w-full justify-start overflow-x-auto sm:w-auto"
        >
          <TabsTrigger value="inventory">{t('reports:tabs.inventory')}</TabsTrigger>
          <TabsTrigger value="performance">{t('reports:tabs.performance')}</TabsTrigger>
          {can('reports:vat') && <TabsTrigger value="vat">{t('reports:tabs.vat')}</TabsTrigger>}
        </TabsList>
        <TabsContent value="inventory">
          <InventoryTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab range={range} />
        </TabsContent>
        {can('reports:vat') && (
          <TabsContent value="vat">
            <Suspense fallback={<AppPageLoader />}>
              <VatTab />
            </Suspense>
          </TabsContent>
        )}
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
