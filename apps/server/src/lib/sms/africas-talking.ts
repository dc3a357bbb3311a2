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
}

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
    return { ok: false, status: 'provider unreachable', messageId: null };
  }
  if (response.status !== 201 && response.status !== 200) {
    return { ok: false, status: `HTTP ${response.status}`, messageId: null };
  }
  const data = (await response.json().catch(() => ({}))) as AtResponse;
  const recipient = data.SMSMessageData?.Recipients?.[0];
  if (!recipient) {
    return { ok: false, status: data.SMSMessageData?.Message ?? 'no recipient', messageId: null };
  }
  return {
    ok: SUCCESS_CODES.has(Number(recipient.statusCode)),
    status: recipient.status ?? String(recipient.statusCode),
    messageId: recipient.messageId ?? null,
  };
}
