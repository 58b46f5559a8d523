// The bench's reference: bare node:http sending one body with fixed headers (BARE_BODY_FILE,
// BARE_HEADERS as JSON, PORT), nothing else. What the gateway's CPU per request is compared with.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BARE_BODY_FILE!);
const headers = JSON.parse(process.env.BARE_HEADERS!) as Record<string, string>;
http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
