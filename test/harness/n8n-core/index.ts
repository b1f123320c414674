export { executeNode, buildAdditionalData, buildNode, NODE_NAME } from './executeNode';
export type { ExecuteNodeOptions, ExecuteNodeResult } from './executeNode';
export { ClientProbe, scenario } from './probeNode';
export type { Scenario } from './probeNode';
export { credentialTestContext, hookContext, loadOptionsContext, pollContext, webhookContext, harnessWorkflow } from './contexts';
export type { ContextOptions } from './contexts';
