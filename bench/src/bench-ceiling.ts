// The benchmark's ceiling for the reads Kade answers from memory (issue 37): a plain node:http server answering
// Kade's own answer bytes, taken from Kade before the load, for the same path and request body, with nothing but
// the two headers a JSON answer needs. It reads the body as Kade's fast lane does (no parsing: the exact text is
// the key), so the only cost it leaves out is Kade's own per request (its headers, request id, the kept answers'
// bookkeeping). What the machine can serve of these bytes, the load generator included. Started by
// bench-catalogue.ts; loopback only.
//   ANSWERS_FILE: JSON { "<path>\n<body>": "<answer text>" }.
import http from 'node:http';
import { listenUntilStopped, readBody } from './bench-plain-server';
import { readFileSync } from 'node:fs';

const answers = new Map<string, Buffer>(
  Object.entries(JSON.parse(readFileSync(process.env.ANSWERS_FILE ?? '', 'utf8')) as Record<string, string>).map(([key, text]) => [key, Buffer.from(text)]),
);

const server = http.createServer(async (request, response) => {
  const bytes = answers.get(`${request.url ?? '/'}\n${await readBody(request)}`);
  if (!bytes) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
});
listenUntilStopped(server, 'ceiling');
