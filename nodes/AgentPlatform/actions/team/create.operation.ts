import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getRequiredString } from '../../../parts/parameters';
import { additionalFields } from '../../descriptions/common.description';
import type { OperationRun } from '../../helpers/types';
import { checkTextLimits, withLimit } from '../../../parts/textLimits';

export const route = 'team.create' satisfies RouteName;

const properties: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: withLimit(route, 'name', 'Name of the new team') },
	additionalFields([{ displayName: 'Description', name: 'description', type: 'string', default: '', description: withLimit(route, 'description', 'What the team does') }]),
];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['create'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const name = getRequiredString(this, 'name', i, 'Name');
	const { description } = this.getNodeParameter('additionalFields', i, {}) as { description?: string };
	const body = compact({ name, description });
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { body, itemIndex: i });
}
