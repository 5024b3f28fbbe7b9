import { Injectable } from '@nestjs/common';
import { SigningKeySource, type SigningKey } from '@app/platform';

/** STUB: replaced by its owner. */
@Injectable()
export class ClientSigningKeys extends SigningKeySource {
  async find(_id: string): Promise<SigningKey | null> {
    return null;
  }
}
