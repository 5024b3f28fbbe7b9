import { Global, Injectable, Module } from '@nestjs/common';
import type { Principal } from './access.js';

/** A key a signed request may name in `Authorization: bhesignature <id>`. */
export interface SigningKey {
  key: string;
  /** The caller the key stands for; 'disabled' when its owner is disabled. */
  principal(): Promise<Principal | 'disabled'>;
  /** Records use (last_access). */
  touch(): Promise<void>;
  /**
   * Whether a request signed with this key may be sent again, body and all, within the hour under a fresh RequestDate.
   * The digest covers the date only to the hour, so such a repeat has the same signature as a replay; by default a
   * signature is accepted once. Collection clients repeat requests by design (check-ins, `{"status":"COMPLETE"}` for
   * each job), so their keys tolerate a repeat and only an exact replay (same RequestDate) is refused.
   */
  readonly repeatable?: boolean;
}

/** Where signed-request keys come from (API tokens, collection clients). */
export abstract class SigningKeySource {
  abstract find(id: string): Promise<SigningKey | null>;
}

/**
 * The signing-key sources of the app. Each feature that issues keys registers its source when it is built, so the
 * auth module checks signatures without depending on the features (collection clients depend on the graph, auth
 * does not).
 */
@Injectable()
export class SigningKeyRegistry {
  private readonly registered: SigningKeySource[] = [];

  register(source: SigningKeySource): void {
    if (!this.registered.includes(source)) this.registered.push(source);
  }

  get sources(): readonly SigningKeySource[] {
    return this.registered;
  }
}

/**
 * The largest body a raw-body route takes (`isRawBodyRequest`: collector uploads). The auth guard hashes a signed
 * upload while spooling it, before the route runs, so it needs the bound; the library serving those routes (ingest,
 * INGEST_MAX_UPLOAD_BYTES) sets it when it is built, so auth does not depend on that library. Unset, no raw body
 * is taken.
 */
@Injectable()
export class RawBodyLimit {
  private bytes = 0;

  set(bytes: number): void {
    this.bytes = bytes;
  }

  get maxBytes(): number {
    return this.bytes;
  }
}

/** Provides the one SigningKeyRegistry and RawBodyLimit everywhere. */
@Global()
@Module({ providers: [SigningKeyRegistry, RawBodyLimit], exports: [SigningKeyRegistry, RawBodyLimit] })
export class SigningKeysModule {}
