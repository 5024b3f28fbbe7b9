import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI schemas of the nullable wrappers (spec §2.1). */
export class NullTimeSchema {
  @ApiProperty({ format: 'date-time' }) time: string;
  @ApiProperty() valid: boolean;
}
export class NullStringSchema {
  @ApiProperty() string: string;
  @ApiProperty() valid: boolean;
}
export class NullInt32Schema {
  @ApiProperty({ format: 'int32' }) int32: number;
  @ApiProperty() valid: boolean;
}
export class NullUUIDSchema {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() valid: boolean;
}
export class NullInt64Schema {
  @ApiProperty({ format: 'int64' }) int64: number;
  @ApiProperty() valid: boolean;
}
