import { describe, expect, it } from '@jest/globals';
import {
  CertificationAction, CertificationState, compareRecordPriority, planCertification, type SelectorRecord,
} from './certification.js';
import { MemberSource } from './selector.js';

const record = (fields: Partial<SelectorRecord>): SelectorRecord => ({
  tagId: 1, selectorId: 10, nodeId: '100', source: MemberSource.Seed, isDefault: false,
  certified: CertificationState.Pending, ...fields,
});

describe('compareRecordPriority', () => {
  it('ranks a seed selection above expansion', () => {
    const child = record({ selectorId: 1, source: MemberSource.Child, isDefault: true });
    const seed = record({ selectorId: 9, source: MemberSource.Seed });
    expect([child, seed].sort(compareRecordPriority)).toEqual([seed, child]);
  });

  it('ranks a default selector above a user-made one with the same source', () => {
    const custom = record({ selectorId: 1 });
    const seeded = record({ selectorId: 9, isDefault: true });
    expect([custom, seeded].sort(compareRecordPriority)).toEqual([seeded, custom]);
  });

  it('ranks the lower selector id first when source and origin tie', () => {
    const newer = record({ selectorId: 12 });
    const older = record({ selectorId: 11 });
    expect([newer, older].sort(compareRecordPriority)).toEqual([older, newer]);
  });
});

describe('planCertification', () => {
  it('certifies the highest-priority record and resets the node\'s other records of the tag to pending', () => {
    const records = [
      record({ selectorId: 12, certified: CertificationState.Revoked }),
      record({ selectorId: 11, source: MemberSource.Child, certified: CertificationState.Manual }),
      record({ selectorId: 13, source: MemberSource.Parent }),
      record({ selectorId: 10 }),
    ];
    expect(planCertification(records, CertificationAction.Certify)).toEqual([
      { tagId: 1, selectorId: 10, nodeId: '100', certified: CertificationState.Manual },
      { tagId: 1, selectorId: 12, nodeId: '100', certified: CertificationState.Pending },
      { tagId: 1, selectorId: 11, nodeId: '100', certified: CertificationState.Pending },
    ]);
  });

  it('revokes per tag and per node, each group on its own', () => {
    const records = [
      record({ tagId: 1, selectorId: 10, nodeId: '100' }),
      record({ tagId: 5, selectorId: 50, nodeId: '100', certified: CertificationState.Manual }),
      record({ tagId: 1, selectorId: 10, nodeId: '200' }),
    ];
    expect(planCertification(records, CertificationAction.Revoke)).toEqual([
      { tagId: 1, selectorId: 10, nodeId: '100', certified: CertificationState.Revoked },
      { tagId: 5, selectorId: 50, nodeId: '100', certified: CertificationState.Revoked },
      { tagId: 1, selectorId: 10, nodeId: '200', certified: CertificationState.Revoked },
    ]);
  });

  it('leaves a primary record already in the requested state alone', () => {
    expect(planCertification([record({ certified: CertificationState.Manual })], CertificationAction.Certify)).toEqual([]);
  });

  it('leaves automatically certified records alone, primary or not', () => {
    const records = [
      record({ selectorId: 10, certified: CertificationState.Automatic }),
      record({ selectorId: 11, certified: CertificationState.Automatic }),
      record({ selectorId: 12, certified: CertificationState.Revoked }),
    ];
    expect(planCertification(records, CertificationAction.Certify)).toEqual([
      { tagId: 1, selectorId: 12, nodeId: '100', certified: CertificationState.Pending },
    ]);
  });

  it('changes nothing when there are no records (unknown member ids)', () => {
    expect(planCertification([], CertificationAction.Revoke)).toEqual([]);
  });
});
