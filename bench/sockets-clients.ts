/**
 * The load of the sockets benchmark, in a process of its own: opens one Socket.IO connection per cookie value
 * (read from the file in argv[3]) to the server at argv[2], `CONNECT_CONCURRENCY` handshakes in flight, and
 * reports over IPC how long connecting all of them took; then, for every `newMessage` whose text is
 * `bench <i> <sent epoch ms>`, each socket's delay from the send, per message once every socket has it.
 */
import fs from 'node:fs';
import { io, type Socket } from 'socket.io-client';

const [, , base, tokensFile] = process.argv;
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 100);
const tokens = fs.readFileSync(tokensFile!, 'utf8').split('\n').filter(Boolean);
const send = (message: unknown) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();

const delays = new Map<number, number[]>();
function onMessage(payload: { message?: { content?: string } }) {
  const match = /^bench (\d+) ([\d.]+)$/.exec(payload.message?.content ?? '');
  if (!match) return;
  const delay = now() - Number(match[2]);
  const i = Number(match[1]);
  const list = delays.get(i) ?? [];
  list.push(delay);
  delays.set(i, list);
  if (list.length === tokens.length) {
    send({ kind: 'delays', i, delays: list });
    delays.delete(i);
  }
}

const sockets: Socket[] = [];
const connectOne = (token: string) =>
  new Promise<void>((resolve, reject) => {
    const socket = io(base!, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: `kc_session=${token}` },
      reconnection: false,
      forceNew: true,
    });
    socket.on('newMessage', onMessage);
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
    sockets.push(socket);
  });

const started = now();
let next = 0;
try {
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < tokens.length) await connectOne(tokens[next++]!);
    }),
  );
  send({ kind: 'connected', ms: now() - started, sockets: sockets.length });
} catch (error) {
  send({ kind: 'failed', error: String(error) });
}
process.on('message', (message: { kind: string }) => {
  if (message.kind === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
