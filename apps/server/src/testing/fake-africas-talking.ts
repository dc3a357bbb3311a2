/**
 * A local stand-in for Africa's Talking's SMS API, speaking its protocol over real HTTP
 * (research notes §2.1): it checks the path, the apiKey header and the form fields, keeps each
 * message it accepts, and answers 201 with SMSMessageData like the provider. A number listed in
 * `refuse` gets statusCode 403 InvalidPhoneNumber, as the provider does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsConfig } from '../config';

export interface FakeSms {
  username: string;
  to: string;
  message: string;
  from: string | null;
}

export interface FakeAfricasTalking {
  config: SmsConfig;
  messages: FakeSms[];
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startFakeAfricasTalking(
  apiKey = 'test-at-key',
  username = 'sandbox',
): Promise<FakeAfricasTalking> {
  const messages: FakeSms[] = [];
  const refuse = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
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
      const refused = refuse.has(to);
      if (!refused) {
        messages.push({ username, to, message: form.get('message')!, from: form.get('from') });
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
                  messageId: `ATXid_${messages.length}`,
                },
          ],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: { username, apiKey, senderId: 'DUKA', baseUrl: `http://127.0.0.1:${port}` },
    messages,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
