import { Injectable, Logger, Optional } from '@nestjs/common';
import { TraversalIndexKeeper } from '@app/graph';
import { Clock, Database, Metrics, type Histogram } from '@app/platform';
import { PostProcessing, type StepReport } from '../application/ports.js';
import { analysisStepDurations, timed } from '../application/step-durations.js';
import { ADCS_STEPS } from './steps/adcs-steps.js';
import { CORE_STEPS_AFTER_ADCS, CORE_STEPS_BEFORE_ADCS } from './steps/core-steps.js';
import { NTLM_STEPS } from './steps/ntlm-relay.js';
import { MEMBERSHIP_SOURCE } from './steps/membership-load.js';
import { transactionSql } from './steps/step.js';

const STEPS = [...CORE_STEPS_BEFORE_ADCS, ...ADCS_STEPS, ...CORE_STEPS_AFTER_ADCS, ...NTLM_STEPS];

/** Post-processing on the PostgreSQL graph: every step, in order, in one transaction. */
@Injectable()
export class PgPostProcessing extends PostProcessing {
  private readonly durations: Histogram<'step'>;
  private readonly logger = new Logger('Analysis');

  constructor(
    private readonly database: Database, private readonly clock: Clock, metrics: Metrics,
    @Optional() private readonly traversal?: TraversalIndexKeeper,
  ) {
    super();
    this.durations = analysisStepDurations(metrics);
  }

  async run(): Promise<StepReport[]> {
    const now = this.clock.now().toISOString();
    return this.database.transaction(async (manager) => {
      const { sql, copyRows } = transactionSql(manager);
      const reports: StepReport[] = [];
      const memo = new Map<string, unknown>();
      const context = { now, memo, copyRows, traversalIndex: () => this.traversal?.currentAfterBuild(manager) ?? Promise.resolve(undefined) };
      for (const step of STEPS) {
        const started = performance.now();
        const changed = await timed(this.durations, step.name, () => step.run(sql, context));
        // One line per step: where an analysis spends its time on a given directory, and what each step wrote.
        this.logger.log({ step: step.name, ms: Math.round(performance.now() - started), rows: changed }, 'analysis step done');
        reports.push({ step: step.name, changed });
      }
      if (memo.has(MEMBERSHIP_SOURCE)) this.logger.log({ source: memo.get(MEMBERSHIP_SOURCE) }, 'group expansion read the MemberOf graph');
      return reports;
    });
  }
}
