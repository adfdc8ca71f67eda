/**
 * The floor of the sockets benchmark: a bare Socket.IO server (same transport and path as KreeChat's, nothing
 * else — no session, no rooms, no presence) on one process. `POST /emit` broadcasts its JSON body as a
 * `newMessage` to every socket. Prints its port once listening.
 */
import http from 'node:http';
import { Server } from 'socket.io';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    io.emit('newMessage', JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
