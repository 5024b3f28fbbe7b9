import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { PasswordHasher } from '../application/ports.js';

/** argon2id with the library's defaults (memory-hard; parameters are stored in the digest). */
@Injectable()
export class Argon2PasswordHasher extends PasswordHasher {
  readonly method = 'argon2id';

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, { type: argon2.argon2id });
  }

  async verify(digest: string, secret: string): Promise<boolean> {
    try {
      return await argon2.verify(digest, secret);
    } catch {
      return false;
    }
  }
}
