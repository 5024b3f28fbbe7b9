import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GraphLimits } from '@app/graph';
import { ApiErrors, CurrentPrincipal, data, Permissions, type Principal, RequirePermission } from '@app/platform';
import { TagEvaluation } from '../application/tag-evaluation.js';
import { EvaluationRequestDto } from './selector-bodies.js';
import { presentEvaluationReport } from './selector-presenters.js';
import { EvaluationReportView } from './views.js';

@ApiTags('Asset group tags')
@Controller('asset-group-tags/evaluation')
export class EvaluationController {
  constructor(private readonly evaluation: TagEvaluation, private readonly limits: GraphLimits) {}

  @Post()
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Evaluate tag selectors now (addition)',
    description:
      'What analysis runs after every ingest: every enabled selector of the tags (all tags by default) is resolved ' +
      'under the graph limits, and the members get the tag kind (Tier Zero also admin_tier_0 in system_tags). A ' +
      'failing selector reports its error and keeps its previous members. Waits for an evaluation in progress.',
  })
  @ApiBody({ type: EvaluationRequestDto, required: false })
  @ApiOkResponse({ type: EvaluationReportView, description: '`{"data": {tags: [...], selectors: [...]}}`' })
  @ApiErrors(400, 401, 403, 404, 429, 504)
  async evaluate(@Body() dto: EvaluationRequestDto, @CurrentPrincipal() principal: Principal) {
    const ids = dto.asset_group_tag_ids;
    const report = await this.limits.run(principal, () =>
      ids === undefined ? this.evaluation.evaluateAll() : this.evaluation.evaluateTags(ids));
    return data(presentEvaluationReport(report));
  }
}
