import { adcsSql, holds, insertEdges, numberIs } from './adcs-sql.js';
import type { SqlStep } from './step.js';

/** Nodes that carry a certificate: the ends of IssuedSignedBy. */
const CERTIFICATE_HOLDERS = '{EnterpriseCA|RootCA|AIACA}';

/** EnterpriseCA -> NTAuthStore whose `certthumbprints` holds the CA's thumbprint. */
export const trustedForNtAuth: SqlStep = {
  name: 'TrustedForNTAuth',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'TrustedForNTAuth', `
    SELECT ca.id AS start_id, store.id AS end_id
    FROM node ca
    JOIN node store ON {NTAuthStore} = ANY(store.kind_ids)
      AND jsonb_typeof(store.properties -> 'certthumbprints') = 'array'
      AND store.properties -> 'certthumbprints' ? (ca.properties ->> 'certthumbprint')
    WHERE {EnterpriseCA} = ANY(ca.kind_ids) AND coalesce(ca.properties ->> 'certthumbprint', '') <> ''`),
};

/** A CA -> the CA whose thumbprint is the second element of its `certchain` (its issuer). */
export const issuedSignedBy: SqlStep = {
  name: 'IssuedSignedBy',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'IssuedSignedBy', `
    SELECT child.id AS start_id, parent.id AS end_id
    FROM node child
    JOIN node parent ON parent.kind_ids && ${CERTIFICATE_HOLDERS}
      AND parent.properties ->> 'certthumbprint' = child.properties -> 'certchain' ->> 1
    WHERE child.kind_ids && ${CERTIFICATE_HOLDERS}
      AND (CASE WHEN jsonb_typeof(child.properties -> 'certchain') = 'array'
        THEN jsonb_array_length(child.properties -> 'certchain') > 1 ELSE false END)`),
};

/** EnterpriseCA -> RootCA with the same certificate (an enterprise root CA). */
export const enterpriseCaFor: SqlStep = {
  name: 'EnterpriseCAFor',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'EnterpriseCAFor', `
    SELECT ca.id AS start_id, root.id AS end_id
    FROM node ca
    JOIN node root ON {RootCA} = ANY(root.kind_ids) AND root.properties ->> 'certthumbprint' = ca.properties ->> 'certthumbprint'
    WHERE {EnterpriseCA} = ANY(ca.kind_ids) AND coalesce(ca.properties ->> 'certthumbprint', '') <> ''`),
};

/**
 * CertTemplate -> IssuancePolicy of the same domain whose OID (`certtemplateoid`, or `oid`) is among the template's
 * policies (`certificatepolicy` or `issuancepolicies`). The direction is the one the ESC13 composition follows.
 */
export const extendedByPolicy: SqlStep = {
  name: 'ExtendedByPolicy',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'ExtendedByPolicy', `
    SELECT ct.id AS start_id, policy.id AS end_id
    FROM node ct
    CROSS JOIN LATERAL (
      SELECT value FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(ct.properties -> 'certificatepolicy') = 'array'
        THEN ct.properties -> 'certificatepolicy' ELSE '[]'::jsonb END)
      UNION
      SELECT value FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(ct.properties -> 'issuancepolicies') = 'array'
        THEN ct.properties -> 'issuancepolicies' ELSE '[]'::jsonb END)
    ) oids
    JOIN node policy ON {IssuancePolicy} = ANY(policy.kind_ids)
      AND coalesce(policy.properties ->> 'certtemplateoid', policy.properties ->> 'oid') = oids.value
      AND policy.properties ->> 'domainsid' IS NOT DISTINCT FROM ct.properties ->> 'domainsid'
    WHERE {CertTemplate} = ANY(ct.kind_ids) AND oids.value <> ''`),
};

const CERT_REQUEST_AGENT = '1.3.6.1.4.1.311.20.2.1';
const ANY_PURPOSE = '2.5.29.37.0';

/**
 * Enrollment agent template -> template it can request on behalf of others, for templates published to a CA that
 * chains to and is trusted in a domain (needs the pw_adcs_chain / pw_adcs_ntauth scope tables):
 * - schema 2+ target (authorized signatures >= 1, application policies with Certificate Request Agent): the agent
 *   template's effective EKUs hold Certificate Request Agent and not Any Purpose;
 * - schema 1 target: the agent template's effective EKUs are empty or hold Certificate Request Agent or Any Purpose.
 * Either way the target is published to a CA that chains to the same domain.
 */
export const enrollOnBehalfOf: SqlStep = {
  name: 'EnrollOnBehalfOf',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'EnrollOnBehalfOf', `
    WITH proper AS (SELECT ca, domain FROM pw_adcs_chain INTERSECT SELECT ca, domain FROM pw_adcs_ntauth),
    agent AS (
      SELECT DISTINCT t.id, t.properties, proper.domain
      FROM proper
      JOIN edge pub ON pub.end_id = proper.ca AND pub.kind_id = {PublishedTo}
      JOIN node t ON t.id = pub.start_id AND {CertTemplate} = ANY(t.kind_ids)),
    target AS (
      SELECT DISTINCT t.id, t.properties, chain.domain
      FROM node t
      JOIN edge pub ON pub.start_id = t.id AND pub.kind_id = {PublishedTo}
      JOIN pw_adcs_chain chain ON chain.ca = pub.end_id
      WHERE {CertTemplate} = ANY(t.kind_ids))
    SELECT agent.id AS start_id, target.id AS end_id
    FROM agent JOIN target ON target.domain = agent.domain
    WHERE (
      ${numberIs('target', 'schemaversion', '>= 2')} AND ${numberIs('target', 'authorizedsignatures', '>= 1')}
      AND ${holds('target', 'applicationpolicies', [CERT_REQUEST_AGENT])}
      AND ${holds('agent', 'effectiveekus', [CERT_REQUEST_AGENT])} AND NOT ${holds('agent', 'effectiveekus', [ANY_PURPOSE])}
    ) OR (
      ${numberIs('target', 'schemaversion', '= 1')}
      AND ${holds('agent', 'effectiveekus', [CERT_REQUEST_AGENT, ANY_PURPOSE], true)}
    )`),
};
