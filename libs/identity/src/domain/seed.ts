import { Permissions as P } from '@app/platform';
import { type Permission } from '@app/platform';

/** Seeded permission ids follow the reference's insert order (id 6, auth:ManageAppConfig, was removed there). */
export const PERMISSION_IDS: Record<Permission, number> = {
  [P.AppReadAppConfig]: 1,
  [P.AppWriteAppConfig]: 2,
  [P.RisksGenerateReport]: 3,
  [P.RisksManageRisks]: 4,
  [P.AuthCreateToken]: 5,
  [P.AuthManageAppConfig]: 6,
  [P.AuthManageProviders]: 7,
  [P.AuthManageSelf]: 8,
  [P.AuthManageUsers]: 9,
  [P.ClientsManage]: 10,
  [P.ClientsTasking]: 11,
  [P.CollectionManageJobs]: 12,
  [P.GraphDBRead]: 13,
  [P.GraphDBWrite]: 14,
  [P.SavedQueriesRead]: 15,
  [P.SavedQueriesWrite]: 16,
  [P.ClientsRead]: 17,
  [P.DBWipe]: 18,
  [P.GraphDBMutate]: 19,
  [P.GraphDBIngest]: 20,
  [P.AuthReadUsers]: 21,
  [P.AuditLogRead]: 22,
  [P.CollectionReadJobs]: 23,
  [P.OpenGraphRead]: 24,
  [P.OpenGraphWrite]: 25,
  [P.AuthReadUsersMinimal]: 27,
  [P.AuthAcceptEULA]: 30,
};

/** Permissions of the newest reference (auth:ManageAppConfig is gone). */
export const SEEDED_PERMISSIONS = (Object.keys(PERMISSION_IDS) as Permission[]).filter(
  (permission) => permission !== P.AuthManageAppConfig,
);

export interface RoleSeed {
  id: number;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/** Built-in roles with their final permission sets after the reference's later migrations. */
export const ROLE_SEEDS: readonly RoleSeed[] = [
  {
    id: 1,
    name: 'Administrator',
    description: 'Can manage users, clients, and application configuration',
    permissions: SEEDED_PERMISSIONS,
  },
  {
    id: 2,
    name: 'User',
    description: 'Can read data, modify asset group memberships',
    permissions: [P.AppReadAppConfig, P.RisksGenerateReport, P.AuthCreateToken, P.AuthManageSelf, P.ClientsRead,
      P.SavedQueriesRead, P.SavedQueriesWrite, P.GraphDBRead, P.AuthReadUsersMinimal, P.OpenGraphRead],
  },
  {
    id: 3,
    name: 'Read-Only',
    description: 'Used for integrations',
    permissions: [P.AppReadAppConfig, P.RisksGenerateReport, P.AuthManageSelf, P.AuthCreateToken, P.SavedQueriesRead,
      P.GraphDBRead, P.AuthReadUsersMinimal, P.OpenGraphRead],
  },
  {
    id: 4,
    name: 'Upload-Only',
    description: 'Used for data collection clients, can post data but cannot read data',
    permissions: [P.ClientsTasking, P.GraphDBIngest],
  },
  {
    id: 5,
    name: 'Power User',
    description: 'Can upload data, manage clients, and perform any action a User can',
    permissions: [P.AppReadAppConfig, P.AppWriteAppConfig, P.RisksGenerateReport, P.RisksManageRisks, P.AuthCreateToken,
      P.AuthManageSelf, P.ClientsManage, P.ClientsRead, P.ClientsTasking, P.CollectionManageJobs, P.GraphDBWrite,
      P.GraphDBRead, P.GraphDBMutate, P.GraphDBIngest, P.SavedQueriesRead, P.SavedQueriesWrite,
      P.AuthReadUsersMinimal, P.OpenGraphRead],
  },
  {
    id: 6,
    name: 'Auditor',
    description: 'Can read data and audit logs',
    permissions: [P.AppReadAppConfig, P.RisksGenerateReport, P.AuditLogRead, P.AuthCreateToken, P.AuthManageSelf,
      P.AuthReadUsers, P.AuthReadUsersMinimal, P.GraphDBRead, P.SavedQueriesRead, P.ClientsRead, P.CollectionReadJobs,
      P.OpenGraphRead],
  },
];

export const ADMINISTRATOR_ROLE_ID = 1;
