export { AnalysisModule } from './analysis.module.js';
export { AnalysisRunner, type AnalysisReport } from './application/analysis-runner.js';
export { Datapipe } from './application/datapipe.js';
export { PostProcessing, PostureCalculator, type StepReport } from './application/ports.js';
export { AnalysisSchema1732240000800 } from './infrastructure/migrations/1732240000800-analysis-schema.js';
