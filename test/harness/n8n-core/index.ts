export { executeNode, buildAdditionalData, buildNode, NODE_NAME } from './executeNode';
export type { ExecuteNodeOptions, ExecuteNodeResult, SubNode } from './executeNode';
export { MemoryProbe, memoryScenario } from './memoryProbe';
export type { MemoryScenario } from './memoryProbe';
export { ClientProbe, scenario } from './probeNode';
export type { Scenario } from './probeNode';
export { credentialTestContext, hookContext, loadOptionsContext, pollContext, webhookContext, harnessWorkflow } from './contexts';
export type { ContextOptions } from './contexts';
export { nodeAsTool } from './tool';
