import type { Properties } from '@app/graph';
import { asArray, asObject, asString, isCollected } from './json.js';

/**
 * ESC8 web-enrollment properties of an enterprise CA from `HttpEnrollmentEndpoints` (SharpHoundCommon
 * `APIResult<CAEnrollmentEndpoint>[]`: {Collected, Result: {Url, ADCSWebEnrollmentHTTP, ADCSWebEnrollmentHTTPS,
 * ADCSWebEnrollmentEPA}}), as BloodHound stores them (packages/go/ein/ad.go ConvertEnterpriseCAToNode): relayable
 * HTTP endpoints and HTTPS endpoints without EPA are listed and make `hasvulnerableendpoint` true; endpoints
 * collected without either make it false; nothing collected sets nothing.
 */
export function addWebEnrollmentProperties(endpoints: unknown, properties: Properties): void {
  const http: string[] = [];
  const https: string[] = [];
  let collected = false;
  let vulnerable = false;
  for (const value of asArray(endpoints)) {
    if (!isCollected(value)) continue;
    collected = true;
    const endpoint = asObject(asObject(value)?.Result);
    const url = asString(endpoint?.Url);
    const overHttp = endpoint?.ADCSWebEnrollmentHTTP === true;
    const overHttpsWithoutEpa = endpoint?.ADCSWebEnrollmentHTTPS === true && endpoint.ADCSWebEnrollmentEPA !== true;
    vulnerable ||= overHttp || overHttpsWithoutEpa;
    if (url !== undefined && overHttp) http.push(url);
    if (url !== undefined && overHttpsWithoutEpa) https.push(url);
  }
  if (http.length > 0) properties.httpenrollmentendpoints = http;
  if (https.length > 0) properties.httpsenrollmentendpoints = https;
  if (collected) properties.hasvulnerableendpoint = vulnerable;
}
