import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { createTestApp, type TestApp } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library would send these) and reads the answer until the server closes. */
function sendRaw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request); // not end(): a half-closed socket may be closed before it is answered
  });
}

describe('requests refused by the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const cases: [string, string, number, string][] = [
    ['a 25 KB URL', `GET /api/v2/search?q=${'a'.repeat(25 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431,
      'request line or headers are too large'],
    ['a 70 KB header', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`, 431,
      'request line or headers are too large'],
    ['two different Content-Lengths', 'POST /api/v2/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400, 'malformed HTTP request'],
    ['Content-Length with Transfer-Encoding',
      'POST /api/v2/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      400, 'malformed HTTP request'],
    ['a NUL in the request line', 'GET /health\u0000 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed HTTP request'],
    ['an unknown method', 'BREW /health HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed HTTP request'],
  ];

  it.each(cases)('answers %s with the error body and a RequestID', async (_name, request, status, message) => {
    const res = await sendRaw(port, request);
    expect(res.status).toBe(status);
    expect(res.headers['requestid']).toMatch(UUID);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({
      http_status: status,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      request_id: res.headers['requestid'],
      errors: [{ context: '', message }],
    });
  });

  it('still serves well-formed requests on new connections afterwards', async () => {
    const res = await sendRaw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
