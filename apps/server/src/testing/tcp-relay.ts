/**
 * A TCP relay in front of a database for tests (issue 27): it passes bytes both ways until
 * frozen, then every connection through it goes silent — open, nothing answering, no reset —
 * which is a network partition or a frozen host, seen from the app.
 */
import net from 'node:net';
import { freePort } from './pg-cluster';

/** Passes bytes both ways to `target` until frozen: then every connection goes silent. */
export async function startRelay(target: number) {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    freeze: () => (frozen = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
