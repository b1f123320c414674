/**
 * `@n8n/ai-node-sdk` is loaded when the memory is first supplied, not when n8n reads the node
 * file. n8n before 2.16 does not ship the SDK, and its loader gives up on the whole package when
 * one node file fails to load (credential included); loaded late, only this node is unavailable
 * there, with this message, and the package's other nodes work.
 */
import type { ChatMemory } from '@n8n/ai-node-sdk';
import { NodeOperationError, type INode, type ISupplyDataFunctions, type SupplyData } from 'n8n-workflow';

/** The part of the SDK this package uses. */
interface AiNodeSdk {
	supplyMemory(context: ISupplyDataFunctions, memory: ChatMemory): SupplyData;
}

export async function loadAiNodeSdk(node: INode): Promise<AiNodeSdk> {
	const outcome = await import('@n8n/ai-node-sdk').then(
		// The SDK is typed against its own copy of n8n-workflow's types; inside n8n both are n8n's.
		(sdk) => ({ sdk: sdk as unknown as AiNodeSdk }),
		(error: unknown) => ({ error }),
	);
	if ('sdk' in outcome) return outcome.sdk;
	const reason = outcome.error instanceof Error ? outcome.error.message.split('\n')[0] : String(outcome.error);
	throw new NodeOperationError(node, 'Agent Platform Memory needs n8n 2.16 or later', {
		description: `This n8n does not provide @n8n/ai-node-sdk, which memory nodes from community packages are built on (${reason}). Update n8n; the package's other nodes work on this version.`,
	});
}
