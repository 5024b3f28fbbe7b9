export interface PermissionRecord {
  id: number;
  authority: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface Role {
  id: number;
  name: string;
  description: string;
  permissions: PermissionRecord[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}
