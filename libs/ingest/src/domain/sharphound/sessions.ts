import { ObjectError, type Converted } from '../converted.js';
import { asObject } from './json.js';
import { kindsOf } from './kinds.js';
import { idEndpoint } from './principals.js';

/** A `sessions` file record ({ComputerSID, UserSID, LogonType?}): computer → user (HasSession), no node. */
export function convertSession(raw: unknown): Converted {
  const session = asObject(raw);
  if (!session) throw new ObjectError('not a JSON object');
  const computer = idEndpoint(session.ComputerSID, kindsOf('Computer'));
  const user = idEndpoint(session.UserSID, kindsOf('User'));
  if (!computer || !user) throw new ObjectError('session without ComputerSID or UserSID');
  const properties: Record<string, unknown> = { isacl: false };
  if (typeof session.LogonType === 'number' || typeof session.LogonType === 'string') properties.logontype = session.LogonType;
  return { nodes: [], edges: [{ start: computer, end: user, kind: 'HasSession', properties }] };
}
