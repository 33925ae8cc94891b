// CI helper: exits 0 when a Redis server answers PING on 127.0.0.1:6379 (or CI_REDIS_PORT), 1 otherwise.
import net from 'node:net';

const port = Number(process.env.CI_REDIS_PORT || 6379);
const socket = net.connect({ host: '127.0.0.1', port });
const fail = () => {
  socket.destroy();
  process.exit(1);
};
socket.setTimeout(2000, fail);
socket.on('error', fail);
socket.on('connect', () => socket.write('PING\r\n'));
let reply = '';
socket.on('data', (chunk) => {
  reply += chunk.toString('latin1');
  if (reply.includes('\r\n')) {
    socket.end();
    process.exit(reply.startsWith('+PONG') ? 0 : 1);
  }
});
