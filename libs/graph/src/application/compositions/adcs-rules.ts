import type { GraphNode } from '../../domain/graph.js';

/**
 * The property conditions the ADCS compositions check on certificate templates, enterprise CAs, principals and
 * domain controllers, as the reference's patterns state them. A property that is missing or of another type fails
 * the condition (the reference drops a candidate whose property it cannot read).
 */
const CLIENT_AUTHENTICATION_EKU = '1.3.6.1.5.5.7.3.2';
const ANY_PURPOSE_EKU = '2.5.29.37.0';
/** The UPN bit of CertificateMappingMethods (the registry value is -1 when it does not exist). */
const UPN_CERTIFICATE_MAPPING = 0x4;

export const isTrue = (node: GraphNode, key: string): boolean => node.properties[key] === true;
export const isFalse = (node: GraphNode, key: string): boolean => node.properties[key] === false;

function numberOf(node: GraphNode, key: string): number | undefined {
  const value = node.properties[key];
  return typeof value === 'number' ? value : undefined;
}

export const hasKind = (...kinds: string[]) => (node: GraphNode): boolean => kinds.some((k) => node.kinds.includes(k));

/** Schema version 1, or a later schema that needs no authorized signatures. */
export function needsNoSignatures(ct: GraphNode): boolean {
  const schema = numberOf(ct, 'schemaversion');
  return schema === 1 || (schema !== undefined && schema > 1 && numberOf(ct, 'authorizedsignatures') === 0);
}

/** The looser form some patterns use: no authorized signatures, or schema version 1. */
export function signaturesOrSchemaOne(ct: GraphNode): boolean {
  return numberOf(ct, 'authorizedsignatures') === 0 || numberOf(ct, 'schemaversion') === 1;
}

/** Enrolment issues without approval and the certificate authenticates. */
export function issuesAuthenticationCertificates(ct: GraphNode): boolean {
  return isFalse(ct, 'requiresmanagerapproval') && isTrue(ct, 'authenticationenabled');
}

/** ESC1: the enrollee supplies the subject of an authentication certificate issued without approval. */
export function isEsc1Template(ct: GraphNode): boolean {
  return issuesAuthenticationCertificates(ct) && isTrue(ct, 'enrolleesuppliessubject') && needsNoSignatures(ct);
}

/** Schannel authentication: the flag, or effective EKUs that are empty, client authentication or any purpose. */
export function allowsSchannelAuthentication(ct: GraphNode): boolean {
  const ekus = ct.properties.effectiveekus;
  const clientEkus = Array.isArray(ekus)
    && (ekus.length === 0 || ekus.includes(CLIENT_AUTHENTICATION_EKU) || ekus.includes(ANY_PURPOSE_EKU));
  return isTrue(ct, 'schannelauthenticationenabled') || clientEkus;
}

/** The subject alternative name of the certificate comes from the account's UPN or SPN. */
export function requiresUpnOrSpn(ct: GraphNode): boolean {
  return isTrue(ct, 'subjectaltrequireupn') || isTrue(ct, 'subjectaltrequirespn');
}

/** A template a user account can obtain: it does not require a DNS name, which users lack. */
export function validForUserVictim(ct: GraphNode): boolean {
  return isFalse(ct, 'subjectaltrequiredns') && isFalse(ct, 'subjectaltrequiredomaindns');
}

/** gMSAs and sMSAs are User nodes with DNS names, so DNS requirements do not rule them out. */
export function isPlainUser(principal: GraphNode): boolean {
  return principal.kinds.includes('User') && !isTrue(principal, 'gmsa') && !isTrue(principal, 'msa');
}

/** Whether `principal` can obtain a certificate from `ct` (users need a template without DNS requirements). */
export function templateFitsPrincipal(ct: GraphNode, principal: GraphNode): boolean {
  return !isPlainUser(principal) || validForUserVictim(ct);
}

/** An enterprise CA that restricts enrollment agents (only delegated agents may enrol on behalf of others). */
export function restrictsEnrollmentAgents(ca: GraphNode): boolean {
  return isTrue(ca, 'enrollmentagentrestrictionscollected') && isTrue(ca, 'hasenrollmentagentrestrictions');
}

/** A DC that does not enforce strong certificate binding (StrongCertificateBindingEnforcement 0 or 1). */
export function hasWeakCertificateBinding(dc: GraphNode): boolean {
  const value = numberOf(dc, 'strongcertificatebindingenforcementraw');
  return value === 0 || value === 1;
}

/** A DC that maps certificates to accounts by UPN (schannel). */
export function mapsCertificatesByUpn(dc: GraphNode): boolean {
  const value = numberOf(dc, 'certificatemappingmethodsraw');
  return value !== undefined && value >= 0 && (value & UPN_CERTIFICATE_MAPPING) === UPN_CERTIFICATE_MAPPING;
}
