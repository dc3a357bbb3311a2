/**
 * A store's M-Pesa (Daraja) settings (issue 23, decisions/0013): read without secrets, saved in
 * a transaction, then the C2B URLs registered with Daraja outside it — accepted (the store now
 * receives confirmations), refused (Daraja's words kept for the manager; the settings stay
 * saved), or Daraja unreachable (a background job registers them when it answers).
 *
 * Secrets (passkey, consumer secret) never leave this module except towards Daraja: the answer
 * says only whether each is set, and no log line or job payload holds them.
 */
import type {
  MpesaSettings,
  MpesaSettingsInput,
  MpesaTillConfig,
} from '@duka/shared/payments/mpesa.schemas';
import { DARAJA_FORBIDDEN_URL_WORDS } from '@duka/shared/payments/mpesa.schemas';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { DarajaError, type DarajaMerchant } from '../../lib/daraja/daraja-client';
import { fieldError } from '../../lib/errors';
import { enqueueJob } from '../jobs/jobs.service';
import { darajaHookTokenOf, darajaHookUrls } from './daraja-token';
import { storeMpesaSettings } from './mpesa.table';

export type MpesaSettingsRow = typeof storeMpesaSettings.$inferSelect;

export const MPESA_REGISTER_URLS_JOB = 'mpesa-register-urls';
/** The first retry after the request's own try, then doubling: ~8 h of tries in all. */
export const MPESA_REGISTER_URLS_MAX_ATTEMPTS = 12;

export const DARAJA_UNREACHABLE_MESSAGE =
  'M-Pesa could not be reached: the URLs will be registered when it answers';
/** Daraja's refusal of a second registration in production (research notes §1.3). */
const ALREADY_REGISTERED = '500.003.1001';

/** The settings row, made (with its hook token) when missing. */
async function settingsRow(db: Executor, storeId: number): Promise<MpesaSettingsRow> {
  await darajaHookTokenOf(db, storeId);
  const [row] = await db
    .select()
    .from(storeMpesaSettings)
    .where(eq(storeMpesaSettings.storeId, storeId));
  return row!;
}

/**
 * The store's Daraja account when every part is set (shortcode, kind, passkey, consumer key and
 * secret, environment; a till's till number) — what STK push and query need — else null.
 */
export function darajaMerchantOf(row: MpesaSettingsRow | undefined): DarajaMerchant | null {
  if (
    !row?.shortcode ||
    !row.kind ||
    !row.environment ||
    !row.passkey ||
    !row.consumerKey ||
    !row.consumerSecret ||
    (row.kind === 'till' && !row.partyB)
  ) {
    return null;
  }
  return {
    environment: row.environment,
    consumerKey: row.consumerKey,
    consumerSecret: row.consumerSecret,
    shortcode: row.shortcode,
    kind: row.kind,
    partyB: row.kind === 'till' ? row.partyB : null,
    passkey: row.passkey,
  };
}

/** The store's settings row as it stands (null when never read or saved). */
export async function findMpesaSettings(
  db: Executor,
  storeId: number,
): Promise<MpesaSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(storeMpesaSettings)
    .where(eq(storeMpesaSettings.storeId, storeId));
  return row;
}

function present(row: MpesaSettingsRow, origin: string): MpesaSettings {
  return {
    shortcode: row.shortcode,
    kind: row.kind,
    party_b: row.partyB,
    environment: row.environment,
    consumer_key: row.consumerKey,
    has_passkey: Boolean(row.passkey),
    has_consumer_secret: Boolean(row.consumerSecret),
    ...darajaHookUrls(origin, row.hookToken),
    c2b_registered_at: row.c2bRegisteredAt?.toISOString() ?? null,
    c2b_registration_error: row.c2bRegistrationError,
  };
}

export async function getMpesaSettings(
  db: Executor,
  storeId: number,
  origin: string,
): Promise<MpesaSettings> {
  return present(await settingsRow(db, storeId), origin);
}

/**
 * Saves the settings (a secret left out keeps the saved one; the first save needs all three),
 * then registers the C2B URLs with Daraja. The answer is the GET's, with the registration's
 * outcome in c2b_registered_at / c2b_registration_error.
 */
export async function saveMpesaSettings(
  deps: AppDeps,
  storeId: number,
  input: MpesaSettingsInput,
  origin: string,
): Promise<MpesaSettings> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    await darajaHookTokenOf(tx, storeId);
    const [row] = await tx
      .select()
      .from(storeMpesaSettings)
      .where(eq(storeMpesaSettings.storeId, storeId))
      .for('update');
    const current = row!;
    const passkey = input.passkey ?? current.passkey;
    const consumerKey = input.consumer_key ?? current.consumerKey;
    const consumerSecret = input.consumer_secret ?? current.consumerSecret;
    if (!passkey) throw fieldError('mpesa.passkey_required', 'passkey', 'Passkey is required');
    if (!consumerKey) {
      throw fieldError('mpesa.consumer_key_required', 'consumer_key', 'Consumer key is required');
    }
    if (!consumerSecret) {
      throw fieldError(
        'mpesa.consumer_secret_required',
        'consumer_secret',
        'Consumer secret is required',
      );
    }
    if (input.kind === 'till' && !input.party_b) {
      throw fieldError('mpesa.party_b_required', 'party_b', 'Till number is required for a till');
    }
    // Another shortcode, host or Daraja app: the old registration says nothing of this one.
    const sameAccount =
      current.shortcode === input.shortcode &&
      current.environment === input.environment &&
      current.consumerKey === consumerKey;
    await tx
      .update(storeMpesaSettings)
      .set({
        shortcode: input.shortcode,
        kind: input.kind,
        partyB: input.kind === 'till' ? input.party_b! : null,
        environment: input.environment,
        passkey,
        consumerKey,
        consumerSecret,
        ...(sameAccount ? {} : { c2bRegisteredAt: null, c2bRegistrationError: null }),
        updatedAt: clock.now(),
      })
      .where(eq(storeMpesaSettings.storeId, storeId));
  });

  const outcome = await registerC2bUrls(deps, storeId, origin);
  if (outcome === 'unreachable') {
    await enqueueJob(db, clock.now(), {
      kind: MPESA_REGISTER_URLS_JOB,
      storeId,
      payload: { store_id: storeId, origin },
      maxAttempts: MPESA_REGISTER_URLS_MAX_ATTEMPTS,
      dedupeKey: `mpesa-register-urls:${storeId}`,
      runAt: new Date(clock.now().getTime() + deps.config.jobs.retryBaseMs),
    });
  }
  return present(await settingsRow(db, storeId), origin);
}

/** The word Safaricom refuses that `url` holds (the longest, e.g. 'exec' over 'exe'), if any. */
export function forbiddenUrlWord(url: string): string | undefined {
  const lower = url.toLowerCase();
  return [...DARAJA_FORBIDDEN_URL_WORDS]
    .sort((a, b) => b.length - a.length)
    .find((word) => lower.includes(word));
}

export type RegistrationOutcome = 'registered' | 'refused' | 'unreachable' | 'incomplete';

/**
 * Registers the store's confirmation and validation URLs with Daraja (registerurl, ResponseType
 * Completed) and records the outcome on the settings row. 'unreachable': Daraja did not answer
 * (or was busy) — the caller queues a retry.
 */
export async function registerC2bUrls(
  { db, clock, daraja }: AppDeps,
  storeId: number,
  origin: string,
): Promise<RegistrationOutcome> {
  const row = await findMpesaSettings(db, storeId);
  if (!row?.shortcode || !row.environment || !row.consumerKey || !row.consumerSecret) {
    return 'incomplete';
  }
  const urls = darajaHookUrls(origin, row.hookToken);
  const record = (values: Partial<MpesaSettingsRow>) =>
    db.update(storeMpesaSettings).set(values).where(eq(storeMpesaSettings.storeId, storeId));

  const word = forbiddenUrlWord(urls.confirmation_url);
  if (word) {
    await record({
      c2bRegistrationError:
        `The address ${origin} contains '${word}', which Safaricom refuses in a callback ` +
        'URL: set PUBLIC_URL to an address without it',
    });
    return 'refused';
  }
  try {
    await daraja.registerC2bUrls(
      {
        environment: row.environment,
        consumerKey: row.consumerKey,
        consumerSecret: row.consumerSecret,
      },
      {
        shortcode: row.shortcode,
        confirmationUrl: urls.confirmation_url,
        validationUrl: urls.validation_url,
        responseType: 'Completed',
      },
    );
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    if (error.retryable) {
      await record({ c2bRegistrationError: DARAJA_UNREACHABLE_MESSAGE });
      return 'unreachable';
    }
    // Production registers once: a second registration of the shortcode we registered is fine.
    if (error.errorCode === ALREADY_REGISTERED && row.c2bRegisteredAt) {
      await record({ c2bRegistrationError: null });
      return 'registered';
    }
    await record({
      c2bRegistrationError: `M-Pesa refused the registration: ${error.errorMessage}`,
    });
    return 'refused';
  }
  await record({ c2bRegisteredAt: clock.now(), c2bRegistrationError: null });
  return 'registered';
}

/** GET /api/payments/mpesa/config: what the till needs to offer M-Pesa. */
export async function mpesaTillConfig(db: Executor, storeId: number): Promise<MpesaTillConfig> {
  const row = await findMpesaSettings(db, storeId);
  const prompts = darajaMerchantOf(row) !== null;
  return {
    prompts_enabled: prompts,
    kind: row?.kind ?? null,
    pay_to: !row?.kind ? null : row.kind === 'till' ? row.partyB : row.shortcode,
    receives_confirmations: Boolean(row?.c2bRegisteredAt),
  };
}
