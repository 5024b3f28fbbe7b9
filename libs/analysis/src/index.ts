export { AnalysisModule } from './analysis.module.js';
export { analysisConfigSlice } from './analysis-config.js';
export { type AnalysisReport } from './application/analysis-runner.js';
export { Datapipe } from './application/datapipe.js';
export { AnalysisLock } from './application/datapipe-ports.js';
export { PostProcessing, PostureCalculator } from './application/ports.js';
export { SampleData } from './application/sample-data.js';
export { AnalysisSchema1732240000800 } from './infrastructure/migrations/1732240000800-analysis-schema.js';
