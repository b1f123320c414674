import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { AGENT_ID } from '../../../parts/idShapes';
import { scopeOption, tierOption, type TierAndScope } from '../../../parts/factFields';
import { agentLocator } from '../../../parts/locators';
import { compact, getId, getRequiredString } from '../../../parts/parameters';
import { additionalFields } from '../../descriptions/common.description';
import type { OperationRun } from '../../helpers/types';
import { checkTextLimits, withLimit } from '../../../parts/textLimits';

export const route = 'memoryFact.create' satisfies RouteName;

const properties: INodeProperties[] = [
	agentLocator({ description: 'The agent the fact belongs to' }),
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		description: withLimit(route, 'content', 'The fact itself, as one plain sentence (for example "The refund window is 30 days")'),
	},
	additionalFields([tierOption(), scopeOption()]),
];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['create'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', AGENT_ID);
	const content = getRequiredString(this, 'content', i, 'Content');
	const { tier, scope } = this.getNodeParameter('additionalFields', i, {}) as TierAndScope;
	const body = compact({ agent_id: agentId, content, tier, scope });
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { body, itemIndex: i });
}
