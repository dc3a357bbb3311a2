/**
 * buildApp({ db, config, clock }): the whole HTTP application with its dependencies injected.
 * main.ts starts it; tests build it on PGlite with a fixed clock and call it with inject().
 */
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { openReadReplica } from '../db/read-replica';
import { accessPlugin } from '../lib/access.plugin';
import { ChangeBus } from '../lib/change-bus';
import { DarajaClient } from '../lib/daraja/daraja-client';
import { OscuClient } from '../lib/etims/oscu-client';
import { formDataPlugin } from '../lib/form-data';
import { authRoutes } from '../modules/auth/auth.routes';
import { categoriesRoutes } from '../modules/categories/categories.routes';
import { customerAccountsRoutes } from '../modules/customers/customer-accounts.routes';
import { customersRoutes } from '../modules/customers/customers.routes';
import { expensesRoutes } from '../modules/expenses/expenses.routes';
import { loyaltyRoutes } from '../modules/customers/loyalty.routes';
import { etimsSendJob } from '../modules/etims/etims-send.job';
import {
  ETIMS_SEND_JOB,
  ETIMS_SWEEP_EVERY_MS,
  sweepPendingEtims,
} from '../modules/etims/etims-send.service';
import { etimsSettingsRoutes } from '../modules/etims/etims-settings.routes';
import { returnEtimsRoutes, saleEtimsRoutes } from '../modules/etims/etims.routes';
import { JobRunner } from '../modules/jobs/job-runner';
import { jobsRoutes } from '../modules/jobs/jobs.routes';
import { AppMetrics } from '../modules/metrics/app-metrics';
import { metricsPlugin } from '../modules/metrics/metrics.routes';
import { mpesaRegisterUrlsJob } from '../modules/payments/mpesa-register-urls.job';
import { mpesaConfigRoutes, mpesaSettingsRoutes } from '../modules/payments/mpesa-settings.routes';
import { MPESA_REGISTER_URLS_JOB } from '../modules/payments/mpesa-settings.service';
import { SMS_RECEIPT_JOB, smsReceiptJob } from '../modules/sales/receipt-sms.job';
import { SMS_REFUND_RECEIPT_JOB, smsRefundReceiptJob } from '../modules/returns/refund-receipt.job';
import { returnsRoutes } from '../modules/returns/returns.routes';
import { stkHooksRoutes } from '../modules/payments/stk-hooks.routes';
import { stkQueryJob } from '../modules/payments/stk-query.job';
import { stkRoutes } from '../modules/payments/stk.routes';
import { STK_QUERY_JOB } from '../modules/payments/stk.service';
import { storeWebhooksRoutes, webhooksRoutes } from '../modules/webhooks/webhooks.routes';
import { c2bHooksRoutes } from '../modules/payments/c2b-hooks.routes';
import { mpesaReceivedRoutes } from '../modules/payments/mpesa-received.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { productSuppliersRoutes } from '../modules/product-suppliers/product-suppliers.routes';
import { productsRoutes } from '../modules/products/products.routes';
import { productsCsvRoutes } from '../modules/products/products-csv.routes';
import { productLabelsRoutes } from '../modules/products/product-labels.routes';
import { purchaseOrdersRoutes } from '../modules/purchase-orders/purchase-orders.routes';
import { reportsRoutes } from '../modules/reports/reports.routes';
import { receiptSettingsRoutes } from '../modules/receipt-settings/receipt-settings.routes';
import { storeSettingsRoutes } from '../modules/store-settings/store-settings.routes';
import { salesRoutes } from '../modules/sales/sales.routes';
import { shiftsRoutes } from '../modules/shifts/shifts.routes';
import { stockTransfersRoutes } from '../modules/stock-transfers/stock-transfers.routes';
import { stockCountsRoutes } from '../modules/stock-counts/stock-counts.routes';
import { storesRoutes } from '../modules/stores/stores.routes';
import { suppliersRoutes } from '../modules/suppliers/suppliers.routes';
import { syncRoutes } from '../modules/sync/sync.routes';
import {
  checkBackups,
  NIGHTLY_BACKUP_JOB,
  NIGHTLY_CHECK_EVERY_MS,
  nightlyBackupJob,
} from '../modules/system/backup-schedule';
import { systemRoutes } from '../modules/system/system.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { apiDocsTransform, SECURITY_SCHEMES } from './api-docs';
import type { AppDeps } from './deps';
import { logSerializers } from './log-serializers';
import { DRAINING_OPTIONS, registerDraining } from './draining';
import { handleFrameworkError, registerErrorHandler } from './error-handler';
import { securityHeadersPlugin } from './security-headers';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { registerUploads } from './uploads-static';
import { registerWebApp } from './web-static';

export interface BuildAppOptions extends Omit<AppDeps, 'daraja' | 'etims' | 'readDb'> {
  /** Default: a new DarajaClient on config.daraja.baseUrl. */
  daraja?: DarajaClient;
  /** Default: a new OscuClient on config.etims.baseUrl. */
  etims?: OscuClient;
  /** pino logging; off in tests. */
  logger?: boolean;
  /** Where log lines go (default stdout); a test reads them here. */
  logStream?: { write(line: string): void };
}

/** Believe X-Forwarded-For only as far as `hops` proxies of our own (hop 0 is the nearest). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({
  logger = false,
  logStream,
  daraja,
  etims,
  ...given
}: BuildAppOptions): Promise<FastifyInstance> {
  // Issue 27: reports and exports from the replica of DATABASE_READ_URL (logged by the app).
  const readReplica = given.config.databaseRead
    ? openReadReplica(given.db, given.config.databaseRead, {
        info: (message) => app.log.info(message),
        warn: (message, error) => app.log.warn({ err: error }, message),
      })
    : undefined;
  const deps: AppDeps = {
    ...given,
    readDb: readReplica ? () => readReplica.db() : () => Promise.resolve(given.db),
    daraja: daraja ?? new DarajaClient({ baseUrl: given.config.daraja.baseUrl }),
    etims: etims ?? new OscuClient({ baseUrl: given.config.etims.baseUrl }),
  };
  const app = Fastify({
    logger: logger
      ? {
          level: deps.config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          // A webhook's secret is in its path: the logged url (and error text) hides it.
          serializers: logSerializers,
          // Never write credentials to the log.
          redact: {
            paths: [
              'req.headers.cookie',
              'req.headers["x-csrf-token"]',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
              '*.password',
              '*.currentPassword',
              '*.newPassword',
              '*.confirmPassword',
              // M-Pesa (issue 23): Daraja secrets, wherever a body is logged.
              '*.passkey',
              '*.consumer_secret',
            ],
            censor: '[redacted]',
          },
        }
      : false,
    trustProxy:
      typeof deps.config.trustProxy === 'number'
        ? trustHops(deps.config.trustProxy)
        : deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: handleFrameworkError,
    // Issue 27: a proxy's X-Request-Id kept when sane, else a new one; on every log line (reqId).
    genReqId: requestIdOf,
    // Issue 27: a graceful close's 503 is app/draining.ts's, in the API's shape.
    ...DRAINING_OPTIONS,
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks, so every answer carries it — a refusal by the gate, a 404, a 500.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerDraining(app);
  app.decorate('deps', deps);
  // Issue 27: counted only when METRICS_TOKEN switches /api/metrics on.
  const metrics = deps.config.metricsToken ? new AppMetrics() : null;
  app.decorate('metrics', metrics);
  if (metrics) app.addHook('onClose', () => metrics.close());
  // Background jobs (issue 21): main.ts starts the worker's timer; tests call runDueJobs().
  const jobRunner = new JobRunner(deps, {
    ...deps.config.jobs,
    log: (message, error) => app.log.warn({ err: error }, message),
    ...(metrics ? { onRun: (kind, outcome) => metrics.recordJobRun(kind, outcome) } : {}),
  });
  jobRunner.register(SMS_RECEIPT_JOB, smsReceiptJob);
  jobRunner.register(SMS_REFUND_RECEIPT_JOB, smsRefundReceiptJob);
  jobRunner.register(
    STK_QUERY_JOB,
    stkQueryJob({
      clock: deps.clock,
      warn: (message, details) => app.log.warn(details ?? {}, message),
    }),
  );
  jobRunner.register(MPESA_REGISTER_URLS_JOB, mpesaRegisterUrlsJob);
  // Issue 26: a store's invoices to eTIMS, in order; every minute, any store's left pending.
  jobRunner.register(ETIMS_SEND_JOB, etimsSendJob);
  jobRunner.every(ETIMS_SWEEP_EVERY_MS, ({ db }, now) => sweepPendingEtims(db, now));
  // Issue 27: the nightly backup, and backups left 'running' by a crash marked failed.
  jobRunner.register(NIGHTLY_BACKUP_JOB, nightlyBackupJob);
  jobRunner.every(NIGHTLY_CHECK_EVERY_MS, checkBackups);
  app.decorate('jobs', jobRunner);
  app.addHook('onClose', () => jobRunner.stop());
  if (readReplica) app.addHook('onClose', () => readReplica.close());
  // Issue 27: several app servers on one PostgreSQL — a write here reaches every instance's
  // caches through LISTEN/NOTIFY (lib/change-bus). The embedded database has one process.
  if (deps.config.databaseUrl) {
    const changeBus = new ChangeBus({
      connectionString: deps.config.databaseUrl,
      log: {
        info: (message) => app.log.info(message),
        warn: (message, error) => app.log.warn({ err: error }, message),
      },
    });
    await changeBus.start();
    app.addHook('onClose', () => changeBus.close());
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // Served over plain http on a shop's LAN too: do not force https for sub-resources.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
      },
    },
    hsts: deps.config.env === 'production',
  });
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Duka API',
        version: '1.0.0',
        description: 'Point of sale and store management',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Every operation's error answers and security, from its access (app/api-docs.ts).
    transform: apiDocsTransform,
  });
  // API_DOCS=0: no /api/docs (nor its JSON); the document is still built, for the tests' sweeps.
  if (deps.config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Before the access plugin: a multipart form's fields are the body its store scope reads.
  await app.register(formDataPlugin);
  await app.register(accessPlugin);
  // Before the routes: its onResponse hook counts every route's answers (and the 404s).
  if (metrics) await app.register(metricsPlugin, { metrics });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(storesRoutes, { prefix: '/stores' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(suppliersRoutes, { prefix: '/suppliers' });
      await api.register(categoriesRoutes, { prefix: '/categories' });
      await api.register(productsRoutes, { prefix: '/products' });
      await api.register(productsCsvRoutes, { prefix: '/products' });
      await api.register(productLabelsRoutes, { prefix: '/products' });
      await api.register(purchaseOrdersRoutes, { prefix: '/purchase-orders' });
      await api.register(productSuppliersRoutes, { prefix: '/product-suppliers' });
      await api.register(customersRoutes, { prefix: '/customers' });
      await api.register(customerAccountsRoutes, { prefix: '/customers' });
      await api.register(loyaltyRoutes, { prefix: '/loyalty' });
      await api.register(salesRoutes, { prefix: '/sales' });
      // Issue 24: returns of a sale and their refund receipts.
      await api.register(returnsRoutes, { prefix: '/sales' });
      await api.register(ordersRoutes, { prefix: '/orders' });
      await api.register(expensesRoutes, { prefix: '/expenses' });
      // Issue 24: cash-drawer shifts, their X and Z reports.
      await api.register(shiftsRoutes, { prefix: '/shifts' });
      // Issue 25: stock sent between the stores of a chain.
      await api.register(stockTransfersRoutes, { prefix: '/stock-transfers' });
      // Issue 25: stock counts and their variance reports.
      await api.register(stockCountsRoutes, { prefix: '/stock-counts' });
      await api.register(receiptSettingsRoutes, { prefix: '/stores' });
      await api.register(storeSettingsRoutes, { prefix: '/stores' });
      await api.register(reportsRoutes, { prefix: '/reports' });
      await api.register(jobsRoutes, { prefix: '/jobs' });
      await api.register(storeWebhooksRoutes, { prefix: '/stores' });
      await api.register(mpesaSettingsRoutes, { prefix: '/stores' });
      // Issue 26: eTIMS registration, and each sale's and return's invoice.
      await api.register(etimsSettingsRoutes, { prefix: '/stores' });
      await api.register(saleEtimsRoutes, { prefix: '/sales' });
      await api.register(returnEtimsRoutes, { prefix: '/returns' });
      await api.register(mpesaConfigRoutes, { prefix: '/payments/mpesa' });
      await api.register(webhooksRoutes, { prefix: '/webhooks' });
      await api.register(syncRoutes, { prefix: '/sync' });
      // Issue 27: the install's backups (the System page).
      await api.register(systemRoutes, { prefix: '/system' });
      await api.register(stkRoutes, { prefix: '/payments/mpesa' });
      await api.register(stkHooksRoutes, { prefix: '/hooks/daraja' });
      // Issue 23: payments customers make from their phones, and the day's M-Pesa view.
      await api.register(c2bHooksRoutes, { prefix: '/hooks/daraja' });
      await api.register(mpesaReceivedRoutes, { prefix: '/payments/mpesa' });
    },
    { prefix: '/api' },
  );

  await registerUploads(app, deps.config.uploadDir);
  await registerWebApp(app, deps.config.webDistDir);
  await app.ready();
  return app;
}
