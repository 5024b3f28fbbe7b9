import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiQuery, getSchemaPath } from '@nestjs/swagger';
import { ApiErrors } from '@app/platform';
import { NodeListEntryView } from './views.js';

/** The OpenAPI description every entity list shares: its query parameters, the two answers, the refusals. */
export const EntityListDocs = () => applyDecorators(
  ApiExtraModels(NodeListEntryView),
  ApiQuery({ name: 'type', required: false, enum: ['list', 'graph'] }),
  ApiQuery({ name: 'skip', required: false, type: Number }),
  ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 10, at most 1000' }),
  ApiQuery({ name: 'sort_by', required: false, isArray: true, description: 'objectid, name; prefix - for descending' }),
  ApiOkResponse({
    description: 'type=list: `{count, skip, limit, data: [NodeListEntry]}`; type=graph: a map of nodes and rel_<id> edges',
    schema: {
      type: 'object',
      properties: {
        count: { type: 'integer' }, skip: { type: 'integer' }, limit: { type: 'integer' },
        data: { type: 'array', items: { $ref: getSchemaPath(NodeListEntryView) } },
      },
    },
  }),
  ApiErrors(400, 401, 403, 404, 429),
);
