const SIGNATURE_PREFIX = 'unable to validate request signature for client: ';

/** Authentication messages (reference wording), asserted in tests. */
export const AuthErrors = {
  noRequestDate: `${SIGNATURE_PREFIX}no request date header`,
  malformedRequestDate: (value: string) => `${SIGNATURE_PREFIX}malformed request date: ${value.slice(0, 64)}`,
  noSignature: `${SIGNATURE_PREFIX}no signature header`,
  malformedSignature: `${SIGNATURE_PREFIX}malformed signature header: not standard base64`,
  unknownToken: `${SIGNATURE_PREFIX}resource not found`,
  tooFarAhead: (minutes: number, server: Date, client: Date) =>
    `${SIGNATURE_PREFIX}signature too far ahead by ${minutes} minutes. Server time is ${server.toISOString()}. Client time is ${client.toISOString()}`,
  tooFarBehind: (minutes: number, server: Date, client: Date) =>
    `${SIGNATURE_PREFIX}signature too far behind by ${minutes} minutes. Server time is ${server.toISOString()}. Client time is ${client.toISOString()}`,
  digestMismatch: `${SIGNATURE_PREFIX}digest validation failed: signature digest mismatch`,
  bodyNotVerifiable: `${SIGNATURE_PREFIX}digest validation failed: a body of this content type cannot be verified`,
  replayed: `${SIGNATURE_PREFIX}signature has already been used`,
  tokensForOthers: 'missing permission to create tokens for other users',
  deleteOthersToken: 'missing permission to delete tokens of other users',
} as const;
