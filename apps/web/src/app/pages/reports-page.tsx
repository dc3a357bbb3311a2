import { useState } from 'react';
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
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Reports, with the range at the top (issue 20): it drives every card, chart and the
 * Product Performance table, each naming the period; it opens on this month so far. The page is
 * a composition of cards that each take the range and ask for their own report — a new one
 * slots into the grid. Inventory Status is the stock now, not a period.
 */
function ReportsContent() {
  const { t } = useTranslation(['reports', 'pages']);
  const [range, setRange] = useState<ReportRange>(() => thisMonthSoFar());

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
        <TabsList aria-label={t('reports:tabs.label')} className="w-full justify-start sm:w-auto">
          <TabsTrigger value="inventory">{t('reports:tabs.inventory')}</TabsTrigger>
          <TabsTrigger value="performance">{t('reports:tabs.performance')}</TabsTrigger>
        </TabsList>
        <TabsContent value="inventory">
          <InventoryTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab range={range} />
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
