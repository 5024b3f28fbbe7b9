/** Wire messages of the saved-query routes (the reference's texts where it has them; routes-misc A). */
export const SavedQueriesErrors = {
  nameOrQueryEmpty: 'the name and/or query field is empty',
  duplicateName: 'duplicate name for saved query: please choose a different name',
  invalidScope: (scope: string) => `invalid scope parameter: ${scope}`,
  exportScopeEmpty: 'scope query parameter cannot be empty',
  invalidExportScope: (scope: string) => `invalid scope param: ${scope}`,
  queryNotFound: 'query not found',
  queryDoesNotExist: 'query does not exist',
  shareQueryDoesNotExist: 'Query does not exist',
  deleteForbidden: 'User does not have permission to delete this query',
  noPermissions: 'no query permissions exist for saved query',
  publicWithUsers: 'Public cannot be true while user_ids is populated',
  selfShare: 'Cannot share query to self',
  publicShare: 'Public query cannot be shared to users. You must set your query to private first',
  forbidden: 'Forbidden',
  unshareSelfNotShared: 'User cannot unshare a query from themselves that is not shared to them',
  notOwner: 'Query does not belong to the user',
  unknownUsers: (ids: readonly string[]) => `user_ids names users that do not exist: ${ids.join(', ')}`,
  tooManyUsers: (max: number) => `user_ids may name at most ${max} users`,
  importBodyEmpty: 'import cypher query request body cannot be empty',
  importContentType: (header: string) =>
    `invalid content-type: [${header}]; Content type must be application/json or application/zip`,
  unmarshalFile: (reason: string) => `failed to unmarshal json file: ${reason}`,
  tooManyImported: (max: number) => `an import may hold at most ${max} queries`,
  invalidZip: (reason: string) => `not a valid zip file: ${reason}`,
  zipTooManyMembers: (max: number) => `error during zip validation: the archive has more than ${max} members`,
  zipMemberTooLarge: (name: string, max: number) =>
    `error during zip validation: member ${JSON.stringify(name.slice(0, 200))} expands to more than ${max} bytes`,
  zipTooLarge: (max: number) => `error during zip validation: the archive expands to more than ${max} bytes`,
  zipMemberUnsupported: (name: string) =>
    `error during zip validation: member ${JSON.stringify(name.slice(0, 200))} is encrypted or uses an unsupported compression method`,
} as const;
