/**
 * One address in front of several server processes, as a load balancer is in a rolling restart: each new TCP
 * connection goes to the backends in turn, and to the next one when a backend refuses it (stopped, or not yet
 * started). A connection stays with the backend that took it until either side closes it — a WebSocket too — so a
 * stopping backend's sockets close and reconnect through the proxy to another backend. Loopback only.
 */
import net from 'node:net';

export type FailoverProxy = Awaited<ReturnType<typeof startFailoverProxy>>;

export async function startFailoverProxy(backendPorts: number[]) {
  let next = 0;
  const open = new Set<net.Socket>();
  /** Connections taken by each backend port. */
  const taken = new Map<number, number>();

  /** Tries the backends from the `first`-th on, each once. */
  function connect(client: net.Socket, first: number, tries = 0) {
    if (tries >= backendPorts.length) return client.destroy();
    const port = backendPorts[(first + tries) % backendPorts.length]!;
    const backend = net.connect({ host: '127.0.0.1', port });
    let accepted = false;
    backend.on('error', () => {
      // Refused before it was taken: the next backend. Cut after it was taken: the client sees the close.
      if (!accepted) connect(client, first, tries + 1);
      else client.destroy();
    });
    backend.once('connect', () => {
      accepted = true;
      taken.set(port, (taken.get(port) ?? 0) + 1);
      open.add(backend);
      backend.once('close', () => open.delete(backend));
      client.pipe(backend);
      backend.pipe(client);
      backend.once('close', () => client.destroy());
      client.once('close', () => backend.destroy());
    });
  }

  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    // Nothing is read from the client until a backend took the connection: pipe() resumes it then.
    client.pause();
    connect(client, next++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    taken: (backendPort: number) => taken.get(backendPort) ?? 0,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
