import { NodeOperationError, updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getRequiredString } from '../../../parts/parameters';
import { additionalFields } from '../../descriptions/common.description';
import type { OperationRun } from '../../helpers/types';
import { memberBody, memberFields, type MemberFields } from './shared';
import { checkTextLimits } from '../../../parts/textLimits';

export const route = 'member.add' satisfies RouteName;

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the person to add',
	},
	additionalFields(memberFields()),
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['add'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const email = getRequiredString(this, 'email', i, 'Email');
	if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
		throw new NodeOperationError(this.getNode(), `The parameter "Email" is not an email address: "${email}"`, { itemIndex: i });
	}
	const extra = this.getNodeParameter('additionalFields', i, {}) as MemberFields;
	const body = compact({ email, ...memberBody(extra, this.getNode(), 'Additional Fields', i) });
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { body, itemIndex: i });
}
