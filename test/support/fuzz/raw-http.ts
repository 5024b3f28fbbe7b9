import { request, type IncomingHttpHeaders } from 'node:http';

/** An answer as it came off the wire. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Sends exactly the bytes given: path and query unencoded further, any header set or left out (supertest adds a
 * Content-Type to a text body, which the content-type cases must control). One connection per request, so a
 * response that closes its connection cannot break the next request.
 */
export function sendRaw(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, method, path, agent: false, timeout: 60_000,
      headers: body === undefined ? headers : { ...headers, 'Content-Length': String(body.length) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    // The server may answer (and close) before it has read the whole body; the answer still arrives.
    req.on('error', reject);
    req.end(body);
  });
}
