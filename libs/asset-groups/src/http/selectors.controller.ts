import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserQueries } from '@app/identity';
import {
  ApiErrors, CurrentPrincipal, data, IntId, paginated, parseListQuery, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { SELECTOR_LIST } from '../application/list-specs.js';
import { SelectorCommands, type SelectorInput } from '../application/selector-commands.js';
import { SelectorQueries } from '../application/selector-queries.js';
import type { Selector } from '../domain/selector.js';
import { CreateSelectorDto, UpdateSelectorDto } from './selector-bodies.js';
import { readCounts, readEnvironments, SELECTOR_ID, TAG_ID } from './query.params.js';
import { actorsOf, presentSelector } from './selector-presenters.js';
import { SelectorView } from './views.js';

function toInput(dto: UpdateSelectorDto): SelectorInput {
  return {
    name: dto.name, description: dto.description, autoCertify: dto.auto_certify, disabled: dto.disabled, seeds: dto.seeds,
  };
}

@ApiTags('Asset group tags')
@Controller(`asset-group-tags/:${TAG_ID}/selectors`)
export class SelectorsController {
  constructor(
    private readonly queries: SelectorQueries,
    private readonly commands: SelectorCommands,
    private readonly users: UserQueries,
  ) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "List a tag's selectors",
    description: 'Paginated (default limit 50); filters per the reference, `type` = seed type; created_by, updated_by ' +
      'and disabled_by match what the selector shows (the email of a user who has one, else their principal name; ' +
      'SYSTEM for seeded selectors); ' +
      'counts=true adds counts.members, `environments` (repeatable) restricting them to those domains or tenants.',
  })
  @ApiOkResponse({ description: '`{count, skip, limit, data: {selectors: [Selector]}}`' })
  @ApiErrors(400, 401, 403, 404)
  async list(@IntId(TAG_ID, 404) tagId: number, @Query() query: Record<string, unknown>) {
    const counts = readCounts(query) ? { environments: readEnvironments(query) } : null;
    const parsed = parseListQuery(SELECTOR_LIST, query);
    const page = await this.queries.list(tagId, parsed, counts);
    const shownNames = await this.users.shownNamesOf(actorsOf(page.items));
    return {
      ...paginated([], { count: page.count, skip: parsed.skip, limit: parsed.limit }),
      data: { selectors: page.items.map((selector) => presentSelector(selector, shownNames)) },
    };
  }

  @Post()
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: 'Create a selector', description: 'Cypher seeds are checked with the stricter selector complexity limit.' })
  @ApiCreatedResponse({ type: SelectorView, description: '`{"data": Selector}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  async create(@IntId(TAG_ID, 404) tagId: number, @Body() dto: CreateSelectorDto, @CurrentPrincipal() actor: Principal) {
    return data(await this.present(await this.commands.create(actor.userId, tagId, toInput(dto))));
  }

  @Get(`:${SELECTOR_ID}`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: 'Get a selector' })
  @ApiOkResponse({ type: SelectorView, description: '`{"data": {"selector": Selector}}`' })
  @ApiErrors(401, 403, 404)
  async get(@IntId(TAG_ID, 404) tagId: number, @IntId(SELECTOR_ID, 404) selectorId: number) {
    return data({ selector: await this.present(await this.queries.get(tagId, selectorId)) });
  }

  @Patch(`:${SELECTOR_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Update a selector',
    description: 'Default selectors change only auto_certify and disabled; membership follows at the next evaluation.',
  })
  @ApiOkResponse({ type: SelectorView, description: '`{"data": Selector}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  async update(
    @IntId(TAG_ID, 404) tagId: number,
    @IntId(SELECTOR_ID, 404) selectorId: number,
    @Body() dto: UpdateSelectorDto,
    @CurrentPrincipal() actor: Principal,
  ) {
    return data(await this.present(await this.commands.update(actor.userId, tagId, selectorId, toInput(dto))));
  }

  @Delete(`:${SELECTOR_ID}`)
  @HttpCode(204)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: 'Delete a selector', description: 'Default selectors cannot be deleted.' })
  @ApiNoContentResponse({ description: 'Empty body' })
  @ApiErrors(401, 403, 404)
  async remove(
    @IntId(TAG_ID, 404) tagId: number,
    @IntId(SELECTOR_ID, 404) selectorId: number,
    @CurrentPrincipal() actor: Principal,
  ): Promise<void> {
    await this.commands.delete(actor.userId, tagId, selectorId);
  }

  private async present(selector: Selector) {
    return presentSelector(selector, await this.users.shownNamesOf(actorsOf([selector])));
  }
}
