import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import {
  type CustomNodeConfig, type CustomNodeKind, type CustomNodeViolation, configViolation, MAX_CUSTOM_KIND_NAME_LENGTH,
  newKindViolation, withDefaultColor,
} from '../domain/custom-node-kind.js';
import { GraphErrors } from './graph-errors.js';

/** The display configurations of node kinds in storage (PostgreSQL: `custom_node_kinds`). */
export abstract class CustomNodeKindStore {
  /** Every configuration, by id. */
  abstract list(): Promise<CustomNodeKind[]>;
  abstract get(kindName: string): Promise<CustomNodeKind | null>;
  /** Creates them all or none; 409 `Conflict: duplicate kind name` when a name is taken. */
  abstract create(kinds: { kindName: string; config: CustomNodeConfig }[]): Promise<CustomNodeKind[]>;
  /** Replaces the kind's configuration; null when there is no such kind. */
  abstract update(kindName: string, config: CustomNodeConfig): Promise<CustomNodeKind | null>;
  /** False when there is no such kind. */
  abstract delete(kindName: string): Promise<boolean>;
}

const MESSAGES: Record<CustomNodeViolation, string> = {
  emptyName: GraphErrors.customNodeEmptyKey,
  nameTooLong: GraphErrors.customNodeNameTooLong(MAX_CUSTOM_KIND_NAME_LENGTH),
  nameNul: GraphErrors.customNodeNameNul,
  iconType: GraphErrors.customNodeIconType,
  iconColor: GraphErrors.customNodeIconColor,
  iconNameNul: GraphErrors.customNodeIconNameNul,
};

const refuse = (violation: CustomNodeViolation | null): void => {
  if (violation) throw ApiError.badRequest(MESSAGES[violation]);
};

/** The custom node kinds (GET/POST /api/v2/custom-nodes, GET/PUT/DELETE /api/v2/custom-nodes/{kind_name}). */
@Injectable()
export class CustomNodeKinds {
  constructor(private readonly store: CustomNodeKindStore) {}

  list(): Promise<CustomNodeKind[]> {
    return this.store.list();
  }

  async get(kindName: string): Promise<CustomNodeKind> {
    const kind = await this.store.get(kindName);
    if (!kind) throw ApiError.notFound();
    return kind;
  }

  /** Checks every entry first (the first fault answers 400), then creates them all; an empty set creates nothing. */
  async create(entries: [kindName: string, config: CustomNodeConfig][]): Promise<CustomNodeKind[]> {
    for (const [kindName, config] of entries) refuse(newKindViolation(kindName, config));
    if (entries.length === 0) return [];
    return this.store.create(entries.map(([kindName, config]) => ({ kindName, config: withDefaultColor(config) })));
  }

  async update(kindName: string, config: CustomNodeConfig): Promise<CustomNodeKind> {
    refuse(configViolation(config));
    const kind = await this.store.update(kindName, withDefaultColor(config));
    if (!kind) throw ApiError.notFound();
    return kind;
  }

  async delete(kindName: string): Promise<void> {
    if (!(await this.store.delete(kindName))) throw ApiError.notFound();
  }
}
