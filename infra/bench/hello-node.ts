/** The comparison point of the poll's rate (docs/operations/capacity.md, "The method"): a bare `node:http` server answering a small JSON, as its own process. */
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
