/**
 * A local stand-in for Africa's Talking's SMS API, speaking its protocol over real HTTP
 * (research notes §2.1): it checks the path, the apiKey header and the form fields, keeps each
 * message it accepts, and answers 201 with SMSMessageData like the provider. A number listed in
 * `refuse` gets statusCode 403 InvalidPhoneNumber, as the provider does.
 *
 * Issue 21: `failNext(n)` makes the next n well-formed requests answer 503 (the provider down),
 * `requests` counts every request that reached it, and `deliveryReport(url, message, status)`
 * posts a delivery report to a callback the way the provider does (form-encoded `id`,
 * `status`, `phoneNumber`, `networkCode`, `failureReason`, `retryCount`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsConfig } from '../config';

export interface FakeSms {
  messageId: string;
  username: string;
  to: string;
  message: string;
  from: string | null;
}

export interface FakeAfricasTalking {
  config: SmsConfig;
  messages: FakeSms[];
  refuse: Set<string>;
  /** Every request that reached the fake, accepted or not. */
  requests: number;
  /** The next `count` requests answer 503, as when the provider is down. */
  failNext(count: number): void;
  /** POSTs a delivery report for `message` to `url`, as the provider does; its HTTP status. */
  deliveryReport(
    url: string,
    message: Pick<FakeSms, 'messageId' | 'to'>,
    status: 'Success' | 'Failed' | 'Rejected' | 'Buffered' | 'Sent',
    failureReason?: string,
  ): Promise<number>;
  close(): Promise<void>;
}

/** The delivery report's form fields (research notes §2.1). */
export function deliveryReportForm(
  message: Pick<FakeSms, 'messageId' | 'to'>,
  status: string,
  failureReason?: string,
): URLSearchParams {
  const form = new URLSearchParams({
    id: message.messageId,
    status,
    phoneNumber: message.to,
    networkCode: '63902',
    retryCount: '0',
  });
  if (failureReason) form.set('failureReason', failureReason);
  return form;
}

export interface FakeAfricasTalkingOptions {
  apiKey?: string;
  username?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Called with each message accepted (the dev script prints it). */
  onMessage?: (sms: FakeSms) => void;
  /** Where to post a 'Success' delivery report for each message accepted, if anywhere. */
  deliveryReportsUrl?: string;
}

export async function startFakeAfricasTalking({
  apiKey = 'test-at-key',
  username = 'sandbox',
  port: listenPort = 0,
  onMessage,
  deliveryReportsUrl,
}: FakeAfricasTalkingOptions = {}): Promise<FakeAfricasTalking> {
  const messages: FakeSms[] = [];
  const refuse = new Set<string>();
  let failing = 0;
  let requests = 0;
  let nextId = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/version1/messaging') {
        return reply(404, { message: 'Not found' });
      }
      if (request.headers.apikey !== apiKey) return reply(401, { message: 'Invalid API key' });
      if (
        !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
      ) {
        return reply(415, { message: 'Form body expected' });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('to') ?? '';
      if (form.get('username') !== username || !to || !form.get('message')) {
        return reply(400, { message: 'username, to and message are required' });
      }
      if (failing > 0) {
        failing -= 1;
        return reply(503, { message: 'Service Unavailable' });
      }
      const refused = refuse.has(to);
      const messageId = `ATXid_${++nextId}`;
      if (!refused) {
        const sms = {
          messageId,
          username,
          to,
          message: form.get('message')!,
          from: form.get('from'),
        };
        messages.push(sms);
        onMessage?.(sms);
        if (deliveryReportsUrl) {
          const body = deliveryReportForm(sms, 'Success');
          setTimeout(() => {
            fetch(deliveryReportsUrl, { method: 'POST', body }).catch(() => undefined);
          }, 1000).unref();
        }
      }
      reply(201, {
        SMSMessageData: {
          Message: refused ? 'Sent to 0/1 Total Cost: 0' : 'Sent to 1/1 Total Cost: KES 0.8000',
          Recipients: [
            refused
              ? {
                  statusCode: 403,
                  number: to,
                  status: 'InvalidPhoneNumber',
                  cost: '0',
                  messageId: 'None',
                }
              : {
                  statusCode: 101,
                  number: to,
                  status: 'Success',
                  cost: 'KES 0.8000',
                  messageId,
                },
          ],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: { username, apiKey, senderId: 'DUKA', baseUrl: `http://127.0.0.1:${port}` },
    messages,
    refuse,
    get requests() {
      return requests;
    },
    failNext: (count) => {
      failing = count;
    },
    deliveryReport: async (url, message, status, failureReason) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: deliveryReportForm(message, status, failureReason),
      });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
