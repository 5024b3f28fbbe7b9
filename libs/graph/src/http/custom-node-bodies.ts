import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BodyReader } from '@app/platform';
import type { CustomNodeConfig } from '../domain/custom-node-kind.js';

export class CustomNodeIconDto {
  @ApiProperty({ example: 'font-awesome', description: 'only `font-awesome`' }) type: string;
  @ApiProperty({ example: 'user', description: 'the Font Awesome icon name' }) name: string;
  @ApiPropertyOptional({ example: '#FFFFFF', description: '`#` and 3 or 6 hex digits; empty or absent: `#FFFFFF`' })
  color?: string;
}

export class CustomNodeConfigDto {
  @ApiProperty({ type: CustomNodeIconDto }) icon: CustomNodeIconDto;
}

/** POST /api/v2/custom-nodes: kind name → configuration. */
export class CreateCustomNodesDto {
  @ApiProperty({
    type: 'object', additionalProperties: { $ref: '#/components/schemas/CustomNodeConfigDto' },
    example: { ExampleUser: { icon: { type: 'font-awesome', name: 'user', color: '#FFFFFF' } } },
  })
  custom_types: Record<string, CustomNodeConfigDto>;
}

/** PUT /api/v2/custom-nodes/{kind_name}. */
export class UpdateCustomNodeDto {
  @ApiProperty({ type: CustomNodeConfigDto }) config: CustomNodeConfigDto;
}

// Read as Go decodes into the reference's structs: field names match without regard to case, null and absent are the
// zero value, any field of the wrong JSON type is 400 `error unmarshalling JSON payload`.
const FOLD = { foldCase: true } as const;

/** A configuration object (`{"icon": {...}}`); null or absent is the zero configuration, which the checks refuse. */
function readConfig(raw: unknown): CustomNodeConfig {
  if (raw === null || raw === undefined) return { icon: { type: '', name: '', color: '' } };
  const config = BodyReader.of(raw, FOLD);
  const rawIcon = config.value('icon');
  const icon = rawIcon === undefined ? undefined : BodyReader.of(rawIcon, FOLD);
  return {
    icon: {
      type: icon?.string('type') ?? '',
      name: icon?.string('name') ?? '',
      color: icon?.string('color') ?? '',
    },
  };
}

/** The entries of a create body in the order sent (the reference's order is its map's, i.e. random). */
export function readCreateCustomNodes(raw: unknown): [kindName: string, config: CustomNodeConfig][] {
  const body = BodyReader.of(raw, FOLD);
  const types = body.value('custom_types');
  if (types === undefined) return [];
  // A map: its keys are kind names, never case-folded.
  const map = BodyReader.of(types);
  return Object.entries(types as Record<string, unknown>).map(([name]) => [name, readConfig(map.value(name))]);
}

/** The configuration of an update body. */
export function readUpdateCustomNode(raw: unknown): CustomNodeConfig {
  return readConfig(BodyReader.of(raw, FOLD).value('config'));
}
