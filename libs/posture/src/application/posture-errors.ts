/** Posture messages (reference wording), reused by the HTTP layer and asserted in tests. */
export const PostureErrors = {
  fromMalformed: 'from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z',
  toMalformed: 'to parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z',
  toBeforeFrom: 'to time cannot be before from time',
} as const;
