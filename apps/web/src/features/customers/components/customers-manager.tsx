import type { Customer } from '@duka/shared/customers/customers.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import {
  AwardIcon,
  BanknoteIcon,
  FileTextIcon,
  LandmarkIcon,
  MailIcon,
  MapPinIcon,
  PencilIcon,
  PhoneIcon,
  PlusIcon,
  SearchIcon,
  StickyNoteIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiRequestError } from '@/lib/api-client';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCustomerList } from '../api/customers';
import { debtAgeDays } from '../lib/debt-age';
import { CustomerFormDialog } from './customer-form-dialog';
import { DeleteCustomerDialog } from './delete-customer-dialog';
import { LoyaltyDialog } from './loyalty-dialog';
import { RepaymentDialog } from './repayment-dialog';
import { StatementDialog } from './statement-dialog';
import type { StatementShop } from './statement-view';

const VIEWS = ['all', 'debtors'] as const;
type CustomersView = (typeof VIEWS)[number];

function isView(value: string | null): value is CustomersView {
  return VIEWS.includes(value as CustomersView);
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 text-slate-500 dark:text-slate-400">
        {icon}
      </span>
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** What a customer owes and may owe (issue 21), on their card. */
function CreditSummary({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const age = debtAgeDays(customer.oldest_unpaid_at);
  return (
    <div className="grid gap-0.5 text-sm">
      {customer.balance > 0 ? (
        <p className="font-semibold text-amber-800 dark:text-amber-300" data-testid="customer-owes">
          {t('credit.owes', { amount: formatCurrency(customer.balance) })}
          {age !== null && (
            <span className="font-normal text-slate-600 dark:text-slate-400">
              {' · '}
              {age === 0 ? t('credit.oldestToday') : t('credit.oldestUnpaid', { count: age })}
            </span>
          )}
        </p>
      ) : (
        <p className="text-slate-600 dark:text-slate-400" data-testid="customer-owes">
          {t('credit.owesNothing')}
        </p>
      )}
      <p className="text-slate-600 dark:text-slate-400" data-testid="customer-credit-limit">
        {customer.credit_limit === null
          ? t('credit.limitDefault')
          : t('credit.limit', { amount: formatCurrency(customer.credit_limit) })}
      </p>
    </div>
  );
}

interface CustomersManagerProps {
  /** The shop's header on a printed statement (the receipt's; composed in by the page). */
  statementShop?: StatementShop;
}

/**
 * Spec §2 Customers page: a search box, 'Add Customer', and a card grid (name, email, phone,
 * address, notes) with Edit and Delete on each card, plus each customer's loyalty points. The
 * Walk-in Customer — the till's default, which cannot be renamed or deleted — is not listed.
 * Issue 21: each card tells what the customer owes and their credit limit, with Statement and
 * Record repayment; the Debtors tab (?view=debtors, GET /customers?owing=true) lists everyone
 * who owes, largest first, with the age of their oldest unpaid sale.
 */
export function CustomersManager({ statementShop }: CustomersManagerProps) {
  const { t } = useTranslation(['customers', 'common']);
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('view');
  const view: CustomersView = isView(requested) ? requested : 'all';
  const debtors = view === 'debtors';
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const {
    data = [],
    isLoading,
    isError,
    error,
    refetch,
    isFetching,
  } = useCustomerList(q, {
    owing: debtors,
  });
  const customers = data.filter((customer) => !customer.is_walk_in);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [loyalty, setLoyalty] = useState<Customer | null>(null);
  const [statement, setStatement] = useState<Customer | null>(null);
  const [repaying, setRepaying] = useState<Customer | null>(null);
  const canManage = can('customers:manage');
  const canRepay = can('customers:repay');

  const openForm = (customer: Customer | null) => {
    setEditing(customer);
    setFormOpen(true);
  };

  const changeView = (value: string) => {
    if (!isView(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'all') next.delete('view');
        else next.set('view', value);
        return next;
      },
      { replace: true },
    );
  };

  const unauthorized =
    error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
  const owedInAll = customers.reduce(
    (sum, customer) => sum + Math.round(customer.balance * 100),
    0,
  );

  return (
    <Tabs value={view} onValueChange={changeView} className="grid gap-4">
      <TabsList
        aria-label={t('views.label')}
        className="w-full justify-start sm:w-auto sm:justify-self-start"
      >
        <TabsTrigger value="all">{t('views.all')}</TabsTrigger>
        <TabsTrigger value="debtors">{t('views.debtors')}</TabsTrigger>
      </TabsList>
      {/* One panel, the open view's: both views are the same search and cards. */}
      <TabsContent value={view} className="mt-0 grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid w-full gap-1 sm:w-80">
            <Label htmlFor="customers-search">{t('search.label')}</Label>
            <div className="relative">
              <SearchIcon
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              />
              <Input
                id="customers-search"
                type="search"
                className="pl-9"
                placeholder={t('search.placeholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          {can('customers:create') && (
            <Button onClick={() => openForm(null)}>
              <PlusIcon />
              {t('add')}
            </Button>
          )}
        </div>

        {isLoading ? (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6 text-center">
            <p className="text-red-700 dark:text-red-400">
              {unauthorized ? t('unauthorized') : t('loadFailed')}
            </p>
            {!unauthorized && (
              <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            )}
          </div>
        ) : customers.length === 0 ? (
          <p className="py-10 text-center text-slate-600 dark:text-slate-400">
            {q ? t('noMatches') : debtors ? t('debtors.empty') : t('empty')}
          </p>
        ) : (
          <>
            {debtors && (
              <p role="status" data-testid="debtors-total">
                {t('debtors.total', {
                  count: customers.length,
                  amount: formatCurrency(owedInAll / 100),
                })}
              </p>
            )}
            <ul
              className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
              aria-label={debtors ? t('debtors.listLabel') : t('listLabel')}
            >
              {customers.map((customer) => (
                <li key={customer.id}>
                  <Card className="flex h-full flex-col" data-testid="customer-card">
                    <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
                      <CardTitle className="text-base break-words">{customer.name}</CardTitle>
                      <Badge variant="secondary" className="shrink-0">
                        {t('points', { count: customer.loyalty_points })}
                      </Badge>
                    </CardHeader>
                    <CardContent className="grid flex-1 content-start gap-3">
                      <CreditSummary customer={customer} />
                      <dl className="grid gap-1.5 text-sm">
                        {customer.email && (
                          <Detail icon={<MailIcon className="size-4" />} label={t('fields.email')}>
                            {customer.email}
                          </Detail>
                        )}
                        {customer.phone && (
                          <Detail icon={<PhoneIcon className="size-4" />} label={t('fields.phone')}>
                            {customer.phone}
                          </Detail>
                        )}
                        {customer.kra_pin && (
                          <Detail
                            icon={<LandmarkIcon className="size-4" />}
                            label={t('fields.kraPin')}
                          >
                            {t('fields.kraPinValue', { pin: customer.kra_pin })}
                          </Detail>
                        )}
                        {customer.address && (
                          <Detail
                            icon={<MapPinIcon className="size-4" />}
                            label={t('fields.address')}
                          >
                            {customer.address}
                          </Detail>
                        )}
                        {customer.notes && (
                          <Detail
                            icon={<StickyNoteIcon className="size-4" />}
                            label={t('fields.notes')}
                          >
                            {customer.notes}
                          </Detail>
                        )}
                      </dl>
                    </CardContent>
                    <CardFooter className="flex flex-wrap gap-2">
                      {customer.balance > 0 && (
                        <Button
                          size="sm"
                          aria-label={t('actions.repayOf', { name: customer.name })}
                          onClick={() => setRepaying(customer)}
                        >
                          <BanknoteIcon />
                          {t('actions.repay')}
                        </Button>
                      )}
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('actions.statementOf', { name: customer.name })}
                        onClick={() => setStatement(customer)}
                      >
                        <FileTextIcon />
                        {t('actions.statement')}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('actions.loyaltyOf', { name: customer.name })}
                        onClick={() => setLoyalty(customer)}
                      >
                        <AwardIcon />
                        {t('actions.loyalty')}
                      </Button>
                      {canManage && (
                        <>
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={t('actions.editOf', { name: customer.name })}
                            onClick={() => openForm(customer)}
                          >
                            <PencilIcon />
                            {t('actions.edit')}
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            className="text-red-700 dark:text-red-400"
                            aria-label={t('actions.deleteOf', { name: customer.name })}
                            onClick={() => setDeleting(customer)}
                          >
                            <Trash2Icon />
                            {t('actions.delete')}
                          </Button>
                        </>
                      )}
                    </CardFooter>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </TabsContent>
      <CustomerFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        customer={editing}
        canSetCreditLimit={can('customers:credit-limit')}
      />
      <DeleteCustomerDialog
        customer={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
      <LoyaltyDialog
        key={loyalty?.id ?? 'closed'}
        customer={loyalty}
        canAdjust={can('loyalty:adjust')}
        onOpenChange={(open) => {
          if (!open) setLoyalty(null);
        }}
      />
      <StatementDialog
        customer={statement}
        shop={statementShop}
        onOpenChange={(open) => {
          if (!open) setStatement(null);
        }}
        canSend={can('customers:send-statement')}
        onRepay={
          canRepay
            ? (customer) => {
                setStatement(null);
                setRepaying(customer);
              }
            : undefined
        }
      />
      <RepaymentDialog
        customer={repaying}
        onOpenChange={(open) => {
          if (!open) setRepaying(null);
        }}
      />
    </Tabs>
  );
}
