import { ApiError } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SamlMetadataReader, type SamlIdpMetadata } from '../application/ports.js';
import { SAML_METADATA_LIMIT, SAML_METADATA_MAX_DEPTH, SamlMetadataErrors } from '../domain/saml-metadata.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  // The parser counts the elements above the one it opens.
  maxNestedTags: SAML_METADATA_MAX_DEPTH - 1,
  isArray: (name) => ['EntityDescriptor', 'IDPSSODescriptor', 'SingleSignOnService'].includes(name),
});

/** Reads the IdP's entity id and SSO URL from SAML metadata; refuses DOCTYPEs and entities outright (no XXE). */
export function parseSamlMetadata(xml: string): SamlIdpMetadata {
  if (Buffer.byteLength(xml) > SAML_METADATA_LIMIT) throw ApiError.badRequest(SamlMetadataErrors.tooLarge);
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(xml)) throw ApiError.badRequest(SamlMetadataErrors.doctype);
  // XML 1.0 forbids these characters (NUL among them, which PostgreSQL text cannot store either).
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml) || XMLValidator.validate(xml) !== true) {
    throw ApiError.badRequest(SamlMetadataErrors.malformed);
  }
  const doc = readXml(xml);
  const descriptors = (doc.EntityDescriptor ?? (doc.EntitiesDescriptor as Record<string, unknown> | undefined)?.EntityDescriptor) as
    | Record<string, unknown>[]
    | undefined;
  const entity = descriptors?.find((d) => typeof d['@entityID'] === 'string');
  if (!entity) throw ApiError.badRequest(SamlMetadataErrors.noEntity);
  const services = ((entity.IDPSSODescriptor as Record<string, unknown>[] | undefined) ?? []).flatMap(
    (idp) => (idp.SingleSignOnService as Record<string, unknown>[] | undefined) ?? [],
  );
  const preferred =
    services.find((s) => String(s['@Binding']).endsWith('HTTP-Redirect')) ??
    services.find((s) => String(s['@Binding']).endsWith('HTTP-POST')) ??
    services[0];
  const location = preferred?.['@Location'];
  if (typeof location !== 'string' || !/^https?:\/\//i.test(location)) throw ApiError.badRequest(SamlMetadataErrors.noSso);
  return { entityId: entity['@entityID'] as string, ssoUrl: location };
}

/** Well-formed XML (validated above) as an object; the parser then fails only at its nesting cap, a plain Error. */
function readXml(xml: string): Record<string, unknown> {
  try {
    return parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw ApiError.badRequest(SamlMetadataErrors.tooDeep);
  }
}

/** The SamlMetadataReader adapter over fast-xml-parser. */
@Injectable()
export class FastXmlSamlMetadataReader extends SamlMetadataReader {
  read(xml: string): SamlIdpMetadata {
    return parseSamlMetadata(xml);
  }
}
