import { ApiProperty } from '@nestjs/swagger';
import { NullInt32Schema, NullInt64Schema, NullStringSchema, NullTimeSchema, NullUUIDSchema } from '@app/platform';

/** OU reference (spec §2.2); with hydrate_ous=false the list holds bare objectids instead. */
export class OuReferenceView {
  @ApiProperty() objectid: string;
  @ApiProperty({ description: '"" when the graph does not hold the object' }) name: string;
  @ApiProperty({ description: 'whether the graph holds the object' }) exists: boolean;
  @ApiProperty() distinguishedname: string;
  @ApiProperty({ example: 'OU', description: 'the display kind; "" when the graph does not hold the object' }) type: string;
}

/** Domain reference (spec §2.2); with hydrate_domains=false the list holds bare objectids instead. */
export class DomainReferenceView {
  @ApiProperty() objectid: string;
  @ApiProperty() name: string;
  @ApiProperty() exists: boolean;
  @ApiProperty({ example: 'Domain' }) type: string;
}

const OUS = {
  description: 'OU references, or objectids when hydrate_ous=false',
  oneOf: [{ type: 'array', items: { $ref: '#/components/schemas/OuReferenceView' } }, { type: 'array', items: { type: 'string' } }],
};
const DOMAINS = {
  description: 'Domain references, or objectids when hydrate_domains=false',
  oneOf: [{ type: 'array', items: { $ref: '#/components/schemas/DomainReferenceView' } }, { type: 'array', items: { type: 'string' } }],
};

export class DomainResultView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ format: 'int64' }) job_id: number;
  @ApiProperty() domain_name: string;
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
  @ApiProperty() user_count: number;
  @ApiProperty() group_count: number;
  @ApiProperty() computer_count: number;
  @ApiProperty() gpo_count: number;
  @ApiProperty() ou_count: number;
  @ApiProperty() container_count: number;
  @ApiProperty() aiaca_count: number;
  @ApiProperty() rootca_count: number;
  @ApiProperty() enterpriseca_count: number;
  @ApiProperty() ntauthstore_count: number;
  @ApiProperty() certtemplate_count: number;
  @ApiProperty() deleted_count: number;
}

/** Job (also used for tasks), spec §2.2, plus the record's log_path, event_title, last_ingest and timestamps. */
export class JobView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'uuid' }) client_id: string;
  @ApiProperty() client_name: string;
  @ApiProperty({ type: NullInt32Schema }) event_id: NullInt32Schema;
  @ApiProperty() event_title: string;
  @ApiProperty({ format: 'date-time' }) execution_time: string;
  @ApiProperty({ format: 'date-time', description: 'the zero time until the job starts' }) start_time: string;
  @ApiProperty({ format: 'date-time', description: 'the zero time until the job ends' }) end_time: string;
  @ApiProperty({ format: 'date-time', description: 'when its data last reached the graph; the zero time before' }) last_ingest: string;
  @ApiProperty({ description: '-1 invalid, 0 ready, 1 running, 2 complete, 3 canceled, 4 timed out, 5 failed, 6 ingesting, 7 analyzing, 8 partially complete' })
  status: number;
  @ApiProperty() status_message: string;
  @ApiProperty() session_collection: boolean;
  @ApiProperty() local_group_collection: boolean;
  @ApiProperty() ad_structure_collection: boolean;
  @ApiProperty() cert_services_collection: boolean;
  @ApiProperty() ca_registry_collection: boolean;
  @ApiProperty() dc_registry_collection: boolean;
  @ApiProperty() all_trusted_domains: boolean;
  @ApiProperty() domain_controller: string;
  @ApiProperty() log_path: string;
  @ApiProperty(OUS) ous: (OuReferenceView | string)[];
  @ApiProperty(DOMAINS) domains: (DomainReferenceView | string)[];
  @ApiProperty({ type: [DomainResultView] }) domain_results: DomainResultView[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}

/** Event (a client's collection schedule), spec §2.2, plus title, next_scheduled_at and timestamps. */
export class EventView {
  @ApiProperty({ format: 'int32' }) id: number;
  @ApiProperty({ format: 'uuid' }) client_id: string;
  @ApiProperty({ description: 'shown on the jobs it schedules as event_title' }) title: string;
  @ApiProperty({ description: 'RFC 5545 rule with its DTSTART; "" for a single run' }) rrule: string;
  @ApiProperty({ format: 'date-time', description: 'next occurrence not yet scheduled; the zero time when none is left' })
  next_scheduled_at: string;
  @ApiProperty() session_collection: boolean;
  @ApiProperty() local_group_collection: boolean;
  @ApiProperty() ad_structure_collection: boolean;
  @ApiProperty() cert_services_collection: boolean;
  @ApiProperty() ca_registry_collection: boolean;
  @ApiProperty() dc_registry_collection: boolean;
  @ApiProperty() all_trusted_domains: boolean;
  @ApiProperty(OUS) ous: (OuReferenceView | string)[];
  @ApiProperty(DOMAINS) domains: (DomainReferenceView | string)[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}

/** Client token (spec §2.2): the key is shown only when the token is created or rotated, "" everywhere else. */
export class ClientTokenView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ type: NullUUIDSchema, description: 'never valid: a client token belongs to no user' }) user_id: NullUUIDSchema;
  @ApiProperty({ type: NullStringSchema, description: 'the client name' }) name: NullStringSchema;
  @ApiProperty({ description: 'the HMAC key: only in the answer creating or rotating it, "" elsewhere' }) key: string;
  @ApiProperty({ example: 'hmac-sha2-256' }) hmac_method: string;
  @ApiProperty({ format: 'date-time' }) last_access: string;
}

/** Client (spec §2.2) plus timestamps. */
export class JobLogView {
  @ApiProperty({ description: 'one line per recorded event, each an RFC 3339 time and the event' }) log: string;
}

export class ClientView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() ip_address: string;
  @ApiProperty() hostname: string;
  @ApiProperty() configured_user: string;
  @ApiProperty({ format: 'date-time', description: 'the zero time before the first check-in' }) last_checkin: string;
  @ApiProperty({ type: [EventView] }) events: EventView[];
  @ApiProperty({ type: ClientTokenView }) token: ClientTokenView;
  @ApiProperty({ type: NullInt64Schema, description: 'the RUNNING job' }) current_job_id: NullInt64Schema;
  @ApiProperty({ type: NullInt64Schema, description: 'the next READY job' }) current_task_id: NullInt64Schema;
  @ApiProperty({ type: JobView, description: 'the RUNNING job; a zero job when none' }) current_job: JobView;
  @ApiProperty({ type: JobView, description: 'the next READY job; a zero job when none' }) current_task: JobView;
  @ApiProperty({ description: 'jobs in a finished state (2–8)' }) completed_job_count: number;
  @ApiProperty({ description: 'finished ad-hoc jobs (no event)' }) completed_task_count: number;
  @ApiProperty({ type: NullStringSchema }) domain_controller: NullStringSchema;
  @ApiProperty({ type: NullStringSchema, description: 'null when not set' }) issuer_address: NullStringSchema;
  @ApiProperty({ type: NullStringSchema, description: 'null when not set' }) issuer_address_override: NullStringSchema;
  @ApiProperty() version: string;
  @ApiProperty({ type: NullStringSchema }) user_sid: NullStringSchema;
  @ApiProperty({ enum: ['sharphound', 'azurehound'] }) type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}
