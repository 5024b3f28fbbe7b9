import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ApiError, AppConfig, Clock, SecretCipher } from '@app/platform';
import { CLIENT_TYPES, type Client, type ClientToken, type ClientType } from '../domain/records.js';
import { longerThan } from '../domain/text.js';
import { CollectionErrors } from './collection-errors.js';
import { checkDomainController } from './domain-controller.js';
import { ClientStore, type ClientPatch } from './ports.js';

const NAME_MAX = 250;
/** Room for any URL a client is pointed at. */
const ISSUER_ADDRESS_MAX = 2048;

/** A create request as read from its body: the values still unchecked. */
export interface ClientDraft {
  name: string | undefined;
  type: string | undefined;
  domainController: string | null | undefined;
  issuerAddress?: string | null;
  issuerAddressOverride?: string | null;
}

/** An update request as read from its body: only the fields given change. */
export type ClientChanges = Partial<Omit<ClientDraft, 'type'>>;

/** A created client or a rotated token, with the plain key: the only answer that ever shows it. */
export interface Keyed<T> {
  value: T;
  key: string;
}

/**
 * Registers, changes and deletes collection clients, and rotates their tokens. Keys are 40 random bytes (base64),
 * encrypted at rest with SECRETS_KEY (they must stay usable as HMAC keys, so they cannot be hashed).
 */
@Injectable()
export class ClientCommands {
  private readonly cipher: SecretCipher;

  constructor(private readonly store: ClientStore, config: AppConfig, private readonly clock: Clock) {
    // Read at first use: the CLI builds this module (ingest depends on it) and runs without SECRETS_KEY.
    this.cipher = new SecretCipher(() => config.secret('SECRETS_KEY'));
  }

  /** Checks name, type, then domain_controller; 409 on a live client of the same name (case-insensitive). */
  async create(draft: ClientDraft): Promise<Keyed<Client>> {
    const name = checkName(draft.name);
    const type = checkType(draft.type);
    const domainController = checkDomainController(draft.domainController) ?? null;
    const issuerAddress = checkIssuerAddress('issuer_address', draft.issuerAddress) ?? null;
    const issuerAddressOverride = checkIssuerAddress('issuer_address_override', draft.issuerAddressOverride) ?? null;
    const key = newKey();
    const client = await this.store.create({
      name, type, domainController, issuerAddress, issuerAddressOverride, encryptedKey: this.cipher.encrypt(key),
    });
    return { value: client, key };
  }

  /** Changes only the fields given; 404 for an unknown or deleted client. */
  async update(id: string, draft: ClientChanges): Promise<Client> {
    const patch: ClientPatch = {};
    if (draft.name !== undefined) patch.name = checkName(draft.name);
    if (draft.domainController !== undefined) patch.domainController = checkDomainController(draft.domainController);
    if (draft.issuerAddress !== undefined) patch.issuerAddress = checkIssuerAddress('issuer_address', draft.issuerAddress);
    if (draft.issuerAddressOverride !== undefined) {
      patch.issuerAddressOverride = checkIssuerAddress('issuer_address_override', draft.issuerAddressOverride);
    }
    const client = await this.store.update(id, patch);
    if (!client) throw ApiError.notFound();
    return client;
  }

  async delete(id: string): Promise<void> {
    if (!(await this.store.softDelete(id, this.clock.now()))) throw ApiError.notFound();
  }

  /** Replaces the client's token: the old key stops working at once. */
  async rotateToken(id: string): Promise<Keyed<{ token: ClientToken; clientName: string }>> {
    const client = await this.store.find(id);
    if (!client) throw ApiError.notFound();
    const key = newKey();
    const token = await this.store.rotateToken(id, this.cipher.encrypt(key));
    if (!token) throw ApiError.notFound();
    return { value: { token, clientName: client.name }, key };
  }
}

const newKey = () => randomBytes(40).toString('base64');

/** Trimmed; required, at most 250 characters, no NUL (PostgreSQL text cannot hold it). */
function checkName(raw: string | undefined): string {
  // NFC: two spellings of the same name (composed or not) are one name for the uniqueness rule.
  const name = raw?.normalize('NFC').trim() ?? '';
  if (name === '') throw ApiError.badRequest(CollectionErrors.clientNameRequired);
  if ([...name].length > NAME_MAX) throw ApiError.badRequest(CollectionErrors.clientNameTooLong);
  if (name.includes('\0')) throw ApiError.badRequest(CollectionErrors.clientNameNul);
  return name;
}

/** Trimmed; blank (or null) means none; at most 2048 characters; no NUL. Undefined (absent) stays undefined. */
function checkIssuerAddress(field: string, raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const value = raw.trim();
  if (value === '') return null;
  if (longerThan(value, ISSUER_ADDRESS_MAX)) throw ApiError.badRequest(CollectionErrors.fieldTooLong(field, ISSUER_ADDRESS_MAX));
  if (value.includes('\0')) throw ApiError.badRequest(CollectionErrors.fieldNul(field));
  return value;
}

function checkType(raw: string | undefined): ClientType {
  if (!CLIENT_TYPES.includes(raw as ClientType)) throw ApiError.badRequest(CollectionErrors.clientTypeInvalid);
  return raw as ClientType;
}
