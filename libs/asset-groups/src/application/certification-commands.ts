import { Injectable } from '@nestjs/common';
import type { ListQuery, Principal } from '@app/platform';
import { shownName, UserQueries } from '@app/identity';
import {
  planCertification, type CertificationAction, type CertificationChange, type CertificationState, type SelectorRecord,
} from '../domain/certification.js';

/** Who acted, and what they asked for: kept on the changed records and in every history row. */
export interface CertificationAudit {
  /** The acting user's id. */
  actor: string;
  /** Their email address, '' when they have none. */
  email: string;
  /** How the changed records show who certified (certified_by): the email, else the principal name. */
  shownAs: string;
  action: CertificationAction;
  note: string | null;
}

/** One row of the certification history: a record one request changed. */
export interface CertificationRecord {
  id: string;
  createdAt: Date;
  actor: string;
  email: string;
  /** Who acted as the member rows show it: the email, else the principal name (the id of a user since deleted). */
  certifiedBy: string;
  action: CertificationAction;
  /** The state the record was left in (the primary record: the action's; the others: pending). */
  certified: CertificationState;
  memberId: string;
  objectId: string;
  name: string;
  primaryKind: string;
  environmentId: string;
  tagId: number;
  selectorId: number;
  note: string | null;
}

/** Selector records' certification and its history. */
export abstract class CertificationStore {
  /**
   * In one transaction: locks the enabled selectors' records of these nodes, asks `plan` which change, writes the
   * changes (certified_by = the audit's shownAs; certified_at = now; the note) and one history row per
   * changed record. Returns how many records changed.
   */
  abstract certify(
    nodeIds: string[],
    plan: (records: SelectorRecord[]) => CertificationChange[],
    audit: CertificationAudit,
  ): Promise<number>;
  /** The history page (CERTIFICATION_LIST); non-empty `environments` keeps the records of those environments only. */
  abstract history(query: ListQuery, environments: string[]): Promise<{ items: CertificationRecord[]; count: number }>;
}

export interface CertifyRequest {
  memberIds: string[];
  action: CertificationAction;
  note: string | null;
}

/** POST /api/v2/asset-group-tags/certifications: certify or revoke members (graph node ids) in every tag they are in. */
@Injectable()
export class CertifyMembers {
  constructor(private readonly store: CertificationStore, private readonly users: UserQueries) {}

  async run(principal: Principal, request: CertifyRequest): Promise<number> {
    const user = await this.users.find(principal.userId);
    const audit = {
      actor: principal.userId,
      email: user?.emailAddress ?? '',
      shownAs: user ? shownName(user) : principal.userId,
      action: request.action,
      note: request.note,
    };
    const nodeIds = [...new Set(request.memberIds)];
    return this.store.certify(nodeIds, (records) => planCertification(records, request.action), audit);
  }
}
