import type { ContentKind } from '../application/upload-job.js';
import { bodyEncoding } from './content-encoding.js';

/** The content types the file upload API takes (GET /api/v2/file-upload/accepted-types). */
export const ACCEPTED_UPLOAD_TYPES = [
  'application/json', 'application/zip', 'application/x-zip-compressed', 'application/zip-compressed',
] as const;

/** Gzip-compressed JSON: collection clients may also say so with Content-Encoding gzip. */
const GZIP_TYPES = ['application/gzip', 'application/x-gzip'] as const;

/** The content types a collection client's upload (POST /api/v2/ingest) may have. */
export const CLIENT_UPLOAD_TYPES = [...ACCEPTED_UPLOAD_TYPES, ...GZIP_TYPES] as const;

const ZIP_TYPES = new Set<string>(ACCEPTED_UPLOAD_TYPES.slice(1));
const MAX_NAME_LENGTH = 255;

/** The media type of a Content-Type header, without parameters, lower-cased. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** What a file upload body is by its Content-Type; undefined when the type is not accepted. */
export function uploadKind(contentType: string | undefined): ContentKind | undefined {
  const type = mediaType(contentType);
  if (type === 'application/json') return 'json';
  return ZIP_TYPES.has(type) ? 'zip' : undefined;
}

/** What a collection client's body is: JSON, gzip (by Content-Encoding or Content-Type) or zip. */
export function clientUploadKind(contentType: string | undefined, contentEncoding: string | undefined): ContentKind | undefined {
  const encoding = bodyEncoding(contentEncoding);
  const type = mediaType(contentType);
  if (encoding === 'gzip' || (GZIP_TYPES as readonly string[]).includes(type)) return 'gzip';
  if (encoding !== 'identity') return undefined;
  return uploadKind(contentType);
}

/**
 * The file name shown in reports: X-File-Upload-Name without control characters or path separators, at most
 * 255 characters; a default by kind when absent. Never used as a path.
 */
export function uploadName(header: string | string[] | undefined, kind: ContentKind): string {
  const given = (Array.isArray(header) ? header[0] : header) ?? '';
  const clean = given.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim().slice(0, MAX_NAME_LENGTH);
  return clean !== '' ? clean : `upload.${kind === 'gzip' ? 'json.gz' : kind}`;
}
