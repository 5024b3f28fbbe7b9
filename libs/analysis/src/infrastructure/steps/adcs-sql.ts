import { kindText, type RunSql, type StepContext } from './step.js';

/** Every kind name the ADCS and NTLM relay statements refer to as `{Kind}`. */
const ADCS_KINDS = [
  'Base', 'User', 'Computer', 'Group', 'Domain', 'EnterpriseCA', 'RootCA', 'AIACA', 'NTAuthStore', 'CertTemplate',
  'IssuancePolicy', 'MemberOf', 'Contains', 'DCFor', 'SameForestTrust', 'PublishedTo', 'RootCAFor', 'NTAuthStoreFor',
  'HostsCAService', 'DelegatedEnrollmentAgent', 'OIDGroupLink', 'Enroll', 'GenericAll', 'AllExtendedRights',
  'GenericWrite', 'WriteDacl', 'Owns', 'OwnsRaw', 'WriteOwner', 'WriteOwnerRaw', 'WritePKINameFlag',
  'WritePKIEnrollmentFlag', 'TrustedForNTAuth', 'IssuedSignedBy', 'EnterpriseCAFor', 'ExtendedByPolicy',
  'EnrollOnBehalfOf', 'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a',
  'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13', 'AdminTo', 'CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToLDAP',
  'CoerceAndRelayNTLMToLDAPS', 'CoerceAndRelayNTLMToADCS',
] as const;

/** Resolves ADCS statements written with `{Kind}` placeholders (kindText). */
export async function adcsText(sql: RunSql): Promise<(text: string) => string> {
  return kindText(sql, ADCS_KINDS);
}

/** Runs ADCS statements written with placeholders (adcsText). */
export async function adcsSql(sql: RunSql): Promise<RunSql> {
  const resolve = await adcsText(sql);
  return async (text, params) => sql(resolve(text), params);
}

/** A temporary table (dropped at commit) from `select`, indexed and analysed so later plans estimate it well. */
export async function tempTable(sql: RunSql, name: string, select: string, index: string): Promise<void> {
  await sql(`DROP TABLE IF EXISTS ${name}`);
  await sql(`CREATE TEMP TABLE ${name} ON COMMIT DROP AS ${select}`);
  await sql(`CREATE INDEX ON ${name} (${index})`);
  await sql(`ANALYZE ${name}`);
}

/**
 * Inserts the distinct (start_id, end_id) pairs `select` returns as edges of `kind` with the post-processing
 * properties (`select` may use `params` as $2, $3, ...); resolves to the number of edges created.
 */
export async function insertEdges(
  sql: RunSql, context: StepContext, kind: string, select: string, params: unknown[] = [],
): Promise<number> {
  const rows = await sql(`
    WITH pairs AS (${select}),
    inserted AS (
      INSERT INTO edge (start_id, end_id, kind_id, properties)
      SELECT DISTINCT start_id, end_id, {${kind}}, jsonb_build_object('lastseen', $1::text, 'isacl', false)
      FROM pairs WHERE start_id <> end_id
      ON CONFLICT (start_id, end_id, kind_id, graph_id) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`, [context.now, ...params]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Property conditions of libs/graph's adcs-rules.ts as SQL over a node alias. A missing or mistyped value fails the
 * condition, and never yields NULL (so `NOT` of a condition stays two-valued).
 */
export const is = (alias: string, key: string): string => `coalesce((${alias}.properties -> '${key}') = 'true'::jsonb, false)`;
export const isNot = (alias: string, key: string): string =>
  `coalesce((${alias}.properties -> '${key}') = 'false'::jsonb, false)`;
export const numberIs = (alias: string, key: string, test: string): string =>
  `(CASE WHEN jsonb_typeof(${alias}.properties -> '${key}') = 'number'
    THEN (${alias}.properties ->> '${key}')::numeric ${test} ELSE false END)`;
/** The string array property holds `value` (an empty array when `orEmpty`); false for anything but an array. */
export const holds = (alias: string, key: string, values: string[], orEmpty = false): string =>
  `(CASE WHEN jsonb_typeof(${alias}.properties -> '${key}') = 'array' THEN ${orEmpty
    ? `jsonb_array_length(${alias}.properties -> '${key}') = 0 OR ` : ''}${alias}.properties -> '${key}' ?| ARRAY[${
    values.map((v) => `'${v}'`).join(', ')}]::text[] ELSE false END)`;

export const rules = {
  needsNoSignatures: (t: string) => `(${numberIs(t, 'schemaversion', '= 1')} OR (${numberIs(t, 'schemaversion', '> 1')}
    AND ${numberIs(t, 'authorizedsignatures', '= 0')}))`,
  signaturesOrSchemaOne: (t: string) =>
    `(${numberIs(t, 'authorizedsignatures', '= 0')} OR ${numberIs(t, 'schemaversion', '= 1')})`,
  issuesAuthentication: (t: string) => `(${isNot(t, 'requiresmanagerapproval')} AND ${is(t, 'authenticationenabled')})`,
  esc1: (t: string) => `(${rules.issuesAuthentication(t)} AND ${is(t, 'enrolleesuppliessubject')}
    AND ${rules.needsNoSignatures(t)})`,
  schannel: (t: string) => `(${is(t, 'schannelauthenticationenabled')}
    OR ${holds(t, 'effectiveekus', ['1.3.6.1.5.5.7.3.2', '2.5.29.37.0'], true)})`,
  upnOrSpn: (t: string) => `(${is(t, 'subjectaltrequireupn')} OR ${is(t, 'subjectaltrequirespn')})`,
  validForUser: (t: string) => `(${isNot(t, 'subjectaltrequiredns')} AND ${isNot(t, 'subjectaltrequiredomaindns')})`,
  plainUser: (p: string) => `({User} = ANY(${p}.kind_ids) AND NOT ${is(p, 'gmsa')} AND NOT ${is(p, 'msa')})`,
  /** Users need a template without DNS requirements. */
  fits: (t: string, p: string) => `(NOT ${rules.plainUser(p)} OR ${rules.validForUser(t)})`,
  restrictsAgents: (ca: string) =>
    `(${is(ca, 'enrollmentagentrestrictionscollected')} AND ${is(ca, 'hasenrollmentagentrestrictions')})`,
  weakBinding: (dc: string) => numberIs(dc, 'strongcertificatebindingenforcementraw', 'IN (0, 1)'),
  upnMapping: (dc: string) => numberIs(dc, 'certificatemappingmethodsraw',
    `>= 0 AND ((${dc}.properties ->> 'certificatemappingmethodsraw')::numeric::bigint & 4) = 4`),
};
