import { describe, expect, it } from '@jest/globals';
import {
  ACCEPTED_UPLOAD_TYPES, CLIENT_UPLOAD_TYPES, clientUploadKind, mediaType, uploadKind, uploadName,
} from './upload-headers.js';

describe('upload headers', () => {
  it('reads the media type without parameters, in any case', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
  });

  it('takes JSON and the three zip types for a file upload, nothing else', () => {
    expect(uploadKind('application/json; charset=utf-8')).toBe('json');
    expect(['application/zip', 'application/x-zip-compressed', 'application/zip-compressed'].map(uploadKind)).toEqual(['zip', 'zip', 'zip']);
    expect(uploadKind('text/plain')).toBeUndefined();
    expect(uploadKind('application/gzip')).toBeUndefined();
    expect(uploadKind(undefined)).toBeUndefined();
  });

  it('takes gzip from a client by Content-Encoding or Content-Type, and refuses other encodings', () => {
    expect(clientUploadKind('application/json', 'gzip')).toBe('gzip');
    expect(clientUploadKind('application/gzip', undefined)).toBe('gzip');
    expect(clientUploadKind('application/json', undefined)).toBe('json');
    expect(clientUploadKind('application/zip', 'identity')).toBe('zip');
    expect(clientUploadKind('application/json', 'br')).toBeUndefined();
    expect(clientUploadKind('application/json', 'x-gzip')).toBe('gzip');
  });

  it('takes every content type the OpenAPI document lists for each upload route', () => {
    expect(ACCEPTED_UPLOAD_TYPES.filter((type) => uploadKind(type) === undefined)).toEqual([]);
    expect(CLIENT_UPLOAD_TYPES.filter((type) => clientUploadKind(type, undefined) === undefined)).toEqual([]);
    expect(clientUploadKind('application/x-gzip', undefined)).toBe('gzip');
  });

  it('keeps a report name free of control characters and separators, capped, with a default', () => {
    expect(uploadName('../../etc/passwd\u0000.json', 'json')).toBe('....etcpasswd.json');
    expect(uploadName('x'.repeat(300), 'json')).toHaveLength(255);
    expect(uploadName(undefined, 'zip')).toBe('upload.zip');
    expect(uploadName('  ', 'gzip')).toBe('upload.json.gz');
  });
});
