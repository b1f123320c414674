import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../../src/client';

/** The request(s) one input item needs, built after its parameters were read and validated. */
export type OperationRun = (client: AgentPlatformClient) => Promise<IDataObject | IDataObject[]>;

/**
 * Reads and validates one item's parameters and returns what to send. It must not send anything:
 * the router validates every item before the first request.
 */
export type PrepareOperation = (this: IExecuteFunctions, itemIndex: number) => OperationRun;

export interface OperationModule {
	description: INodeProperties[];
	prepare: PrepareOperation;
}
