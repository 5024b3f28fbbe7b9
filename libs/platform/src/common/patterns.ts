/** A canonical 8-4-4-4-12 hex UUID (any version, any case): what path ids, filters and token ids accept. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
