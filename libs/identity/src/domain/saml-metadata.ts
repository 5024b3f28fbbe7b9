/** Limits and messages of IdP metadata uploads, shared by the HTTP layer and the metadata reader. */
/** Largest metadata document accepted. */
export const SAML_METADATA_LIMIT = 1024 * 1024;
/** Deepest element nesting read (about the XML parser's own default cap); real metadata nests about 6 deep. */
export const SAML_METADATA_MAX_DEPTH = 100;

export const SamlMetadataErrors = {
  missing: 'metadata is required',
  tooLarge: 'metadata must be at most 1 MiB',
  doctype: 'metadata must not contain a DOCTYPE or entity declarations',
  malformed: 'metadata is not well-formed XML',
  tooDeep: `metadata nests elements more than ${SAML_METADATA_MAX_DEPTH} deep`,
  noEntity: 'metadata has no EntityDescriptor with an entityID',
  noSso: 'metadata has no IDPSSODescriptor SingleSignOnService location',
} as const;
