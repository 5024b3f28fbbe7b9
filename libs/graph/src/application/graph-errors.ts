/**
 * Wire messages of the graph endpoints (reference wording where the reference has one: compat.md part 2 §3 and §9,
 * graph-reference §3-§6), reused by the use cases and the controllers and asserted verbatim in tests.
 */
export const GraphErrors = {
  nodeNotFound: 'node not found',
  objectIdMalformed: 'object id is malformed',
  resultTooLarge: (limit: number) => `query result exceeds the limit of ${limit} graph elements; add a LIMIT`,
  pathfindingCapped: (paths: number) =>
    `pathfinding stopped at ${paths} paths, too many to answer this query exactly; add a LIMIT or narrow its start or end nodes`,
  tooManyGraphRequests: (limit: number) =>
    `too many graph requests in progress for this user (at most ${limit} at a time); try again when one finishes`,

  // POST /api/v2/graphs/cypher
  jsonMalformed: 'JSON malformed.',

  // GET /api/v2/search
  searchParameter: 'Invalid search parameter',
  typeParameter: 'Invalid type parameter',
  searchQueryParameter: (inner: string) => `Invalid query parameter: ${inner}`,

  // Entity endpoints (constrained delegation, AIACA)
  entityQueryParameters: (inner: string) => `there are errors in the query parameters: ${inner}`,
  pagingParameters: (inner: string) => `error getting paging parameters: ${inner}`,
  unsupportedResultType: 'unsupported result type for this query',
  graphNotSupported: "type 'graph' is not supported for this endpoint",

  noDomainFields: 'no domain fields sent for patching',

  // GET /api/v2/azure/{entity_type}
  azureObjectIdRequired: 'query parameter object_id is required',
  azureReturnTypeMalformed: 'query parameter "type" is malformed: invalid return type requested for related entities',
  azureNoRelatedList: (type: string) => `no matching related entity list type for ${type}`,

  // GET /api/v2/graphs/edge-composition (and the parameters of shortest-path)
  expectedParameter: (name: string) => `Expected ${name} parameter to be set.`,
  expectedOnlyOne: (name: string) => `Expected only one ${name}.`,
  invalidEdge: (value: string) => `Invalid edge requested: ${value}`,
  invalidStartId: (value: string) => `Invalid value for startID: ${value}`,
  invalidEndId: (value: string) => `Invalid value for endID: ${value}`,
  edgeNotFound: 'Could not find edge matching criteria: edge not found',

  // GET /api/v2/graphs/shortest-path
  relationshipKindsForm: 'relationship_kinds must have the form in:Kind1,Kind2',
  unknownRelationshipKind: (kind: string) => `invalid relationship kind: ${kind}`,
  sameStartAndEnd: 'start_node and end_node must be different nodes',

  // GET /api/v2/graph-search and GET /api/v2/pathfinding (routes-misc C.2, C.3)
  expectedSearchParameter: 'Expected search parameter to be set.',
  expectedOnlyOneSearchValue: 'Expected only one search value.',
  expectedOnlyOneSearchType: 'Expected only one search type.',
  searchTooBroad: (limit: number) => `the search matches more than ${limit} nodes; narrow the search text`,
  missingQueryParameter: (name: string) => `Missing query parameter: ${name}`,

  // /api/v2/custom-nodes (routes-misc C.9; the NUL and length texts are ours: the reference fails in its database)
  customNodeEmptyKey:
    'BadRequest: custom_types contains an entry with an empty string as a key. please remove or replace the empty key',
  customNodeIconType: 'BadRequest: invalid icon type. only Font Awesome icons are supported',
  customNodeIconColor:
    "BadRequest: icon color must be a valid hexadecimal color string starting with '#' followed by 3 or 6 hex digits",
  customNodeNameTooLong: (max: number) => `BadRequest: kind name must be at most ${max} characters`,
  customNodeNameNul: 'BadRequest: kind name must not contain NUL characters',
  customNodeIconNameNul: 'BadRequest: icon name must not contain NUL characters',
  customNodeDuplicate: 'Conflict: duplicate kind name',
} as const;
