import { Injectable } from '@nestjs/common';
import type { StepReport } from './ports.js';

export interface AnalysisReport {
  steps: StepReport[];
  /** Tags evaluated (TagEvaluation.evaluateAll). */
  tags: number;
  /** Posture rows written. */
  postureRows: number;
}

/**
 * One analysis: post-processing (PostProcessing.run), then every tag's selectors (TagEvaluation.evaluateAll:
 * Tier Zero and the rest), then posture rows (PostureCalculator → PostureWriter). One analysis at a time across
 * instances.
 */
@Injectable()
export class AnalysisRunner {
  async run(): Promise<AnalysisReport> {
    throw new Error('AnalysisRunner.run: not implemented yet');
  }
}
