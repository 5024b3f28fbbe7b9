import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@app/platform';
import { SAML_METADATA_MAX_DEPTH, SamlMetadataErrors } from '../domain/saml-metadata.js';
import { parseSamlMetadata } from './saml-metadata.js';

export const IDP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/entity">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.com/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

function messageOf(xml: string): string {
  try {
    parseSamlMetadata(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).messages[0];
  }
  throw new Error('accepted');
}

describe('parseSamlMetadata', () => {
  it('reads the entity id and prefers the redirect binding', () => {
    expect(parseSamlMetadata(IDP_METADATA)).toEqual({
      entityId: 'https://idp.example.com/entity',
      ssoUrl: 'https://idp.example.com/redirect',
    });
  });

  it('refuses a DOCTYPE with entities (XXE, billion laughs)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>`;
    expect(messageOf(xxe)).toBe(SamlMetadataErrors.doctype);
  });

  it('refuses malformed XML', () => {
    expect(messageOf('<EntityDescriptor entityID="x">')).toBe(SamlMetadataErrors.malformed);
  });

  it('refuses characters XML 1.0 forbids, NUL included', () => {
    expect(messageOf(IDP_METADATA.replace('<md:IDPSSODescriptor', '<x>\u0000</x><md:IDPSSODescriptor'))).toBe(
      SamlMetadataErrors.malformed,
    );
    expect(messageOf(IDP_METADATA.replace('entity"', 'entity\u0001"'))).toBe(SamlMetadataErrors.malformed);
  });

  it(`reads elements nested ${SAML_METADATA_MAX_DEPTH} deep and refuses deeper ones with a 400, not the parser's Error`, () => {
    const nested = (depth: number) => `<EntityDescriptor entityID="x">${'<x>'.repeat(depth - 1)}${'</x>'.repeat(depth - 1)}</EntityDescriptor>`;
    expect(messageOf(nested(SAML_METADATA_MAX_DEPTH))).toBe(SamlMetadataErrors.noSso);
    expect(messageOf(nested(SAML_METADATA_MAX_DEPTH + 1))).toBe(SamlMetadataErrors.tooDeep);
    expect(messageOf(`<a>${'<a>'.repeat(140_000)}${'</a>'.repeat(140_000)}</a>`)).toBe(SamlMetadataErrors.tooDeep);
  });

  it('refuses metadata without an SSO location', () => {
    expect(messageOf('<EntityDescriptor entityID="x"></EntityDescriptor>')).toBe(SamlMetadataErrors.noSso);
  });

  it('refuses documents over 1 MiB', () => {
    expect(messageOf(`<a>${'x'.repeat(1024 * 1024)}</a>`)).toBe(SamlMetadataErrors.tooLarge);
  });
});
