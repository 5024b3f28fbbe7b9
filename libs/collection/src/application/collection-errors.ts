/** Messages of the collection endpoints (compat part 1 "Endpoints", part 2 §5). */
export const CollectionErrors = {
  clientIdRequired: 'client_id is required',
  noCollectionFlag: 'at least one data collection flag must be provided',
  scopeNotSingle: 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains',
  invalidRrule: (detail: string) => `invalid rrule specified: ${detail}`,
  jobNotCancellable: 'job is not in a cancellable state',
  invalidStatus: 'invalid status',
  invalidCollectorType: (value: string) => `Invalid collector type: ${value}`,
  clientNameUnique: 'client name must be unique',
  notAClient: 'this endpoint is for collection clients: sign the request with a client token',
} as const;
