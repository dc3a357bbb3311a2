/**
 * Sends one SMS through Africa's Talking (research notes §2.1): POST {base}/version1/messaging,
 * form-encoded `username`, `to`, `message` and optional `from`, with the `apiKey` header; 201
 * and a per-recipient statusCode (100 Processed, 101 Sent, 102 Queued are success). The base URL
 * comes from the configuration, so tests talk to a local fake of the same protocol.
 */
import type { SmsConfig } from '../../config';

export interface SmsResult {
  ok: boolean;
  /** The provider's status for the recipient ('Success', 'InvalidPhoneNumber', …). */
  status: string;
  messageId: string | null;
  /**
   * Whether trying again later may succeed (issue 21): the provider unreachable, a 5xx or 429,
   * or a recipient code AT marks transient (500–502 gateway errors, 405 InsufficientBalance).
   * An invalid number, a blacklisted one or a bad API key is not.
   */
  retryable: boolean;
}

const RETRYABLE_CODES = new Set([405, 500, 501, 502]);

const SUCCESS_CODES = new Set([100, 101, 102]);
const TIMEOUT_MS = 10_000;

interface AtResponse {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number; status?: string; messageId?: string; number?: string }[];
  };
}

/** `to` in +254… form. Never throws for a refusal: `ok` false with the provider's status. */
export async function sendSms(config: SmsConfig, to: string, message: string): Promise<SmsResult> {
  const body = new URLSearchParams({ username: config.username, to, message });
  if (config.senderId) body.set('from', config.senderId);
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/version1/messaging`, {
      method: 'POST',
      headers: {
        apiKey: config.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 'provider unreachable', messageId: null, retryable: true };
  }
  if (response.status !== 201 && response.status !== 200) {
    const retryable = response.status >= 500 || response.status === 429;
    return { ok: false, status: `HTTP ${response.status}`, messageId: null, retryable };
  }
  const data = (await response.json().catch(() => ({}))) as AtResponse;
  const recipient = data.SMSMessageData?.Recipients?.[0];
  if (!recipient) {
    const status = data.SMSMessageData?.Message ?? 'no recipient';
    return { ok: false, status, messageId: null, retryable: false };
  }
  const code = Number(recipient.statusCode);
  const ok = SUCCESS_CODES.has(code);
  return {
    ok,
    status: recipient.status ?? String(recipient.statusCode),
    messageId: ok ? (recipient.messageId ?? null) : null,
    retryable: !ok && RETRYABLE_CODES.has(code),
  };
}
