import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrors, Authenticated, data, dataSchema, Permissions, RequirePermission } from '@app/platform';
import { CustomNodeKinds } from '../application/custom-node-kinds.js';
import {
  CreateCustomNodesDto, CustomNodeConfigDto, readCreateCustomNodes, readUpdateCustomNode, UpdateCustomNodeDto,
} from './custom-node-bodies.js';
import { CustomNodeKindView } from './custom-node-views.js';

const ONE = dataSchema({ $ref: getSchemaPath(CustomNodeKindView) });
const MANY = dataSchema({ type: 'array', items: { $ref: getSchemaPath(CustomNodeKindView) } });
const KIND_NAME = { name: 'kind_name', description: 'the node kind, e.g. `ExampleUser`' };

/**
 * The display configuration of node kinds: the icon and colour the explorer draws each kind with. Any signed-in
 * caller may read and change them, as in the reference (no permission).
 */
@ApiTags('Graph')
@ApiExtraModels(CustomNodeKindView, CustomNodeConfigDto)
// Reads: any signed-in user, as the reference. Writes change what every user sees: graphdb:Write, where the
// reference lets any signed-in caller (collection clients included) write (docs/architecture.md, deviation 26).
@Authenticated()
@Controller('custom-nodes')
export class CustomNodesController {
  constructor(private readonly kinds: CustomNodeKinds) {}

  @Get()
  @ApiOperation({ summary: 'List the custom node kinds', description: 'Ordered by id.' })
  @ApiOkResponse({ schema: MANY, description: '`{"data": [CustomNodeKind]}`' })
  @ApiErrors(401)
  async list() {
    return data(await this.kinds.list());
  }

  @Post()
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Create custom node kinds',
    description: 'All or none. Icon type must be `font-awesome`; an empty colour is `#FFFFFF`. 409 when a kind name is taken.',
  })
  @ApiBody({ type: CreateCustomNodesDto })
  @ApiCreatedResponse({ schema: MANY, description: '`{"data": [CustomNodeKind]}`: the kinds created' })
  @ApiErrors(400, 401, 409)
  async create(@Body() body: unknown) {
    return data(await this.kinds.create(readCreateCustomNodes(body)));
  }

  @Get(':kind_name')
  @ApiOperation({ summary: 'One custom node kind' })
  @ApiParam(KIND_NAME)
  @ApiOkResponse({ schema: ONE, description: '`{"data": CustomNodeKind}`' })
  @ApiErrors(401, 404)
  async get(@Param('kind_name') kindName: string) {
    return data(await this.kinds.get(kindName));
  }

  @Put(':kind_name')
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: "Replace a custom node kind's configuration" })
  @ApiParam(KIND_NAME)
  @ApiBody({ type: UpdateCustomNodeDto })
  @ApiOkResponse({ schema: ONE, description: '`{"data": CustomNodeKind}`' })
  @ApiErrors(400, 401, 404)
  async update(@Param('kind_name') kindName: string, @Body() body: unknown) {
    return data(await this.kinds.update(kindName, readUpdateCustomNode(body)));
  }

  @Delete(':kind_name')
  @RequirePermission(Permissions.GraphDBWrite)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a custom node kind', description: '200 with an empty body, as the reference.' })
  @ApiParam(KIND_NAME)
  @ApiOkResponse({ description: 'Deleted. No body' })
  @ApiErrors(401, 404)
  async delete(@Param('kind_name') kindName: string): Promise<void> {
    await this.kinds.delete(kindName);
  }
}
