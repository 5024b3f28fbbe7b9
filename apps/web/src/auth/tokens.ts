// API tokens (GET/POST /api/v2/tokens) as the tokens page shows them, from either WIRE_FORMAT:
// name and user_id are wrappers ({string, valid}, {uuid, valid}) in the spec format, plain values in the reference's.
import { plainString } from '../api/wire-values';

export interface ApiToken {
  id: string;
  name: string;
  userId: string;
  createdAt: unknown;
  lastAccess: unknown;
  /** The secret: only in the answer that creates the token. */
  key: string;
  hmacMethod: string;
}

export function tokenFromWire(wire: Record<string, unknown>): ApiToken {
  return {
    id: plainString(wire.id),
    name: plainString(wire.name),
    userId: plainString(wire.user_id).toLowerCase(),
    createdAt: wire.created_at,
    lastAccess: wire.last_access,
    key: plainString(wire.key),
    hmacMethod: plainString(wire.hmac_method),
  };
}

/** The list answer's tokens that belong to `userId` (an administrator's list holds everyone's), oldest first. */
export function ownTokens(data: unknown, userId: string): ApiToken[] {
  const list = (data as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(list)) return [];
  const me = userId.toLowerCase();
  return list.map((item) => tokenFromWire(item as Record<string, unknown>)).filter((token) => token.userId === me);
}
