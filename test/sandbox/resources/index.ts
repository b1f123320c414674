import type { RouteName } from '../../../src/routes';
import type { Handler } from '../context';
import { agentHandlers } from './agents';
import { knowledgeHandlers } from './knowledge';
import { memoryHandlers } from './memory';
import { organizationHandlers } from './organization';
import { skillHandlers } from './skills';
import { webhookHandlers } from './webhooks';

/** Every route of src/routes.ts has a handler here (checked by the contract tests). */
export const handlers: Partial<Record<RouteName, Handler>> = {
	...agentHandlers,
	...memoryHandlers,
	...knowledgeHandlers,
	...organizationHandlers,
	...skillHandlers,
	...webhookHandlers,
};
