import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { answerClientErrors, type ClientErrorLog } from './transport-errors.js';

/** A socket that records what is written to it and whether it was destroyed. */
function fakeSocket(options: { writable?: boolean; headersSent?: boolean } = {}) {
  return {
    writable: options.writable ?? true,
    _httpMessage: options.headersSent === undefined ? undefined : { headersSent: options.headersSent },
    written: '',
    destroyed: false,
    end(data: string) {
      this.written += data;
    },
    destroy() {
      this.destroyed = true;
    },
  };
}

function refuse(code: string, socket = fakeSocket()) {
  const server = new EventEmitter();
  const logged: ClientErrorLog[] = [];
  answerClientErrors(server as unknown as Server, (line) => logged.push(line));
  server.emit('clientError', Object.assign(new Error(code), { code }), socket);
  return { socket, logged };
}

describe('answerClientErrors', () => {
  it('answers a header overflow 431 with the error body, and logs the refusal with the same request id', () => {
    const { socket, logged } = refuse('HPE_HEADER_OVERFLOW');
    const [head, json] = socket.written.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    const body = JSON.parse(json);
    expect(body).toMatchObject({ http_status: 431, errors: [{ context: '', message: 'request line or headers are too large' }] });
    expect(head).toContain(`RequestID: ${body.request_id}`);
    expect(logged).toEqual([{ request_id: body.request_id, res: { status: 431 }, errors: [body.errors[0].message], code: 'HPE_HEADER_OVERFLOW' }]);
  });

  it('answers any other parser error 400 malformed HTTP request', () => {
    const { socket } = refuse('HPE_INVALID_METHOD');
    expect(socket.written).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(socket.written).toContain('"message":"malformed HTTP request"');
  });

  it.each([
    ['a reset connection', 'ECONNRESET', fakeSocket()],
    ['a socket no longer writable', 'HPE_INVALID_METHOD', fakeSocket({ writable: false })],
    ['a connection whose response has begun', 'HPE_INVALID_METHOD', fakeSocket({ headersSent: true })],
  ])('closes %s without writing or logging', (_case, code, socket) => {
    const { logged } = refuse(code, socket);
    expect(socket.destroyed).toBe(true);
    expect(socket.written).toBe('');
    expect(logged).toEqual([]);
  });
});
