import { Injectable } from '@nestjs/common';
import { ApiError, ErrorMessages, SigningKeyRegistry, type Principal, UUID_PATTERN } from '@app/platform';
import { AuthErrors } from './auth-errors.js';
import { SignatureReplayStore } from './ports.js';
import { bodyDigestKey, decodeSignature, digestMatches, MAX_CLOCK_SKEW_MS, parseRequestDate, requestDigest } from './request-signature.js';

export interface SignedRequest {
  tokenId: string;
  method: string;
  requestUri: string;
  requestDate: string | undefined;
  signature: string | undefined;
  /**
   * The exact body bytes, or a digester for a body streamed rather than kept (raw-body routes): given the key of
   * the chain's last HMAC, it reads the body and answers HMAC(key, body). Undefined when the request has a body
   * the pipeline did not keep (not JSON).
   */
  body: Buffer | BodyDigester | undefined;
}

export type BodyDigester = (key: Buffer) => Promise<Buffer>;

/** Validates `Authorization: bhesignature <id>` requests against the keys of every registered source. */
@Injectable()
export class SignedRequests {
  constructor(
    private readonly keys: SigningKeyRegistry,
    private readonly replays: SignatureReplayStore,
  ) {}

  async authenticate(request: SignedRequest, now = new Date()): Promise<Principal> {
    if (!UUID_PATTERN.test(request.tokenId)) throw ApiError.badRequest(ErrorMessages.tokenIdMalformed);
    if (!request.requestDate) throw ApiError.badRequest(AuthErrors.noRequestDate);
    const date = parseRequestDate(request.requestDate);
    if (!date) throw ApiError.badRequest(AuthErrors.malformedRequestDate(request.requestDate));
    if (!request.signature) throw ApiError.badRequest(AuthErrors.noSignature);
    const presented = decodeSignature(request.signature);
    if (!presented) throw ApiError.badRequest(AuthErrors.malformedSignature);

    const key = await this.findKey(request.tokenId.toLowerCase());
    if (!key) throw ApiError.unauthorized(AuthErrors.unknownToken);

    const skew = date.getTime() - now.getTime();
    if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
      const minutes = Math.round(Math.abs(skew) / 60_000);
      throw ApiError.unauthorized((skew > 0 ? AuthErrors.tooFarAhead : AuthErrors.tooFarBehind)(minutes, now, date));
    }
    // Fail closed: a signature must cover the body, so a body that cannot be hashed cannot be accepted.
    if (!request.body) throw ApiError.unauthorized(AuthErrors.bodyNotVerifiable);
    const expected = typeof request.body === 'function'
      ? await request.body(bodyDigestKey(key.key, request.method, request.requestUri, request.requestDate))
      : requestDigest(key.key, request.method, request.requestUri, request.requestDate, request.body);
    if (!digestMatches(expected, presented)) throw ApiError.unauthorized(AuthErrors.digestMismatch);
    // Only a caller who holds the key learns anything about its owner.
    const principal = await key.principal();
    if (principal === 'disabled') throw ApiError.forbidden(ErrorMessages.userDisabled);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // Keyed on the decoded bytes: several base64 spellings decode to the same signature (unused trailing bits). A key
      // that tolerates repeats (collection clients) is keyed on the instant of its RequestDate too: the digest covers
      // the date only to the hour, so a fresh date is all that tells a collector's repeat from a replay.
      const signature = presented.toString('base64');
      const replayKey = key.repeatable ? `${signature} ${date.toISOString()}` : signature;
      const fresh = await this.replays.remember(replayKey, new Date(now.getTime() + 2 * MAX_CLOCK_SKEW_MS));
      if (!fresh) throw ApiError.unauthorized(AuthErrors.replayed);
    }
    await key.touch();
    return principal;
  }

  private async findKey(id: string) {
    for (const source of this.keys.sources) {
      const key = await source.find(id);
      if (key) return key;
    }
    return null;
  }
}
