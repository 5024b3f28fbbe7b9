import { readConfiguration } from '@app/platform';
import { CONFIG_SLICES } from './config-slices.js';

/**
 * The API's check of its environment, before anything starts: every variable valid (the platform's and every
 * library's slice), and with DATABASE_URL the secrets it uses (session tokens are signed with JWT_SECRET, API token
 * keys encrypted with SECRETS_KEY).
 */
export function checkApiConfig(env: Record<string, string | undefined> = process.env): void {
  readConfiguration(CONFIG_SLICES, env).app.requireSecrets(['JWT_SECRET', 'SECRETS_KEY']);
}
