import { loadConfig } from '@app/platform';

/**
 * The API's check of its environment, before anything starts: every variable valid, and with DATABASE_URL the
 * secrets it uses (session tokens are signed with JWT_SECRET, API token keys encrypted with SECRETS_KEY).
 */
export function checkApiConfig(env: Record<string, string | undefined> = process.env): void {
  loadConfig(env).requireSecrets(['JWT_SECRET', 'SECRETS_KEY']);
}
