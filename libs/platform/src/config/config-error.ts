/** A bad or missing setting: start-up reports its message in one line and stops. */
export class ConfigError extends Error {}
