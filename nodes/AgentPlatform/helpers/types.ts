import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../../src/client';
import type { RouteName } from '../../../src/routes';

/** The request(s) one input item needs, built after its parameters were read and validated. */
export type OperationRun = (client: AgentPlatformClient) => Promise<IDataObject | IDataObject[]>;

/**
 * The route an operation sends (src/routes.ts), whose method says whether its items write
 * (helpers/writes.ts); `itemPath` for API Request, whose items each send their own Path and Method.
 */
export type OperationRoute = RouteName | 'itemPath';

/** One operation file: `actions/<resource>/<operation>.operation.ts`. */
export interface OperationModule {
	route: OperationRoute;
	description: INodeProperties[];
	/**
	 * Reads and validates one item's parameters and returns what to send. It must not send anything:
	 * the router validates every item before the first request.
	 */
	prepare: (this: IExecuteFunctions, itemIndex: number) => OperationRun;
}

/** One resource's index, `actions/<resource>/index.ts`: its parameters and its operations by Operation value. */
export interface ResourceModule {
	description: INodeProperties[];
	operations: Readonly<Record<string, OperationModule>>;
}
