// Collection clients and their jobs (GET /api/v2/clients, /api/v2/jobs) as the read-only collection page shows them.
import { statusName } from './upload-jobs';
import { plainNumber, plainString } from '../api/wire-values';

export interface CollectionClient {
  id: string;
  name: string;
  type: string;
  hostname: string;
  ipAddress: string;
  version: string;
  lastCheckin: unknown;
  /** The RUNNING job's id, or null. */
  currentJobId: number | null;
  completedJobs: number;
}

export interface CollectionJob {
  id: number;
  clientName: string;
  eventTitle: string;
  status: string;
  statusMessage: string;
  startTime: unknown;
  endTime: unknown;
}

export function clientFromWire(wire: Record<string, unknown>): CollectionClient {
  const current = plainNumber(wire.current_job_id);
  return {
    id: plainString(wire.id),
    name: plainString(wire.name),
    type: plainString(wire.type),
    hostname: plainString(wire.hostname),
    ipAddress: plainString(wire.ip_address),
    version: plainString(wire.version),
    lastCheckin: wire.last_checkin,
    currentJobId: current && current > 0 ? current : null,
    completedJobs: plainNumber(wire.completed_job_count) ?? 0,
  };
}

export function collectionJobFromWire(wire: Record<string, unknown>): CollectionJob {
  return {
    id: plainNumber(wire.id) ?? 0,
    clientName: plainString(wire.client_name),
    eventTitle: plainString(wire.event_title),
    status: statusName(plainNumber(wire.status) ?? -1),
    statusMessage: plainString(wire.status_message),
    startTime: wire.start_time,
    endTime: wire.end_time,
  };
}
