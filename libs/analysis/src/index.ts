export { AnalysisModule } from './analysis.module.js';
export { analysisConfigSlice } from './analysis-config.js';
export { AnalysisRunner, type AnalysisReport } from './application/analysis-runner.js';
export { Datapipe, type TickReport } from './application/datapipe.js';
export { AnalysisLock, AnalysisRequestStore, DatapipeStatusStore } from './application/datapipe-ports.js';
export { PostProcessing, PostureCalculator, type StepReport } from './application/ports.js';
export { SampleData, bundledSampleData, type SampleDataOutcome } from './application/sample-data.js';
export type { AnalysisRequest, DatapipeState, DatapipeStatus } from './domain/datapipe-state.js';
export { AnalysisSchema1732240000800 } from './infrastructure/migrations/1732240000800-analysis-schema.js';
