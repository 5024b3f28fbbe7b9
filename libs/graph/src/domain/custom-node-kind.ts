/**
 * The display configuration of a node kind (custom nodes, compat: routes-misc C.9): the icon and colour the explorer
 * draws nodes of that kind with. Only Font Awesome icons; a colour is `#` and 3 or 6 hex digits, white when empty.
 */
export interface CustomNodeIcon {
  type: string;
  name: string;
  color: string;
}

export interface CustomNodeConfig {
  icon: CustomNodeIcon;
}

export interface CustomNodeKind {
  id: number;
  kindName: string;
  config: CustomNodeConfig;
}

export const FONT_AWESOME = 'font-awesome';
export const DEFAULT_ICON_COLOR = '#FFFFFF';
/** Longest kind name stored (the reference's column is varchar(256); longer would only fail in the database). */
export const MAX_CUSTOM_KIND_NAME_LENGTH = 256;

const ICON_COLOR = /^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/;

/** What is wrong with a kind name or a configuration, in the reference's order of checks. */
export type CustomNodeViolation = 'emptyName' | 'nameTooLong' | 'nameNul' | 'iconType' | 'iconColor' | 'iconNameNul';

/** The first fault of a configuration: the icon type, then its colour (empty is allowed), then NUL in the icon name. */
export function configViolation(config: CustomNodeConfig): CustomNodeViolation | null {
  if (config.icon.type !== FONT_AWESOME) return 'iconType';
  if (config.icon.color !== '' && !ICON_COLOR.test(config.icon.color)) return 'iconColor';
  if (config.icon.name.includes('\u0000')) return 'iconNameNul';
  return null;
}

/** The first fault of a new kind: its name (empty, too long, NUL), then its configuration. */
export function newKindViolation(kindName: string, config: CustomNodeConfig): CustomNodeViolation | null {
  if (kindName === '') return 'emptyName';
  if (kindName.length > MAX_CUSTOM_KIND_NAME_LENGTH) return 'nameTooLong';
  if (kindName.includes('\u0000')) return 'nameNul';
  return configViolation(config);
}

/** The configuration as stored: an empty colour becomes white. */
export function withDefaultColor(config: CustomNodeConfig): CustomNodeConfig {
  return { icon: { ...config.icon, color: config.icon.color === '' ? DEFAULT_ICON_COLOR : config.icon.color } };
}
