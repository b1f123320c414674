/** The error envelope on a path the API does not have and on an id it does not hold. */
import { ROUTES } from '../../../src/routes';
import { ID_PREFIX } from '../../../src/vocabulary';
import { errorCodeOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';

const EXPECTED = '404 with {error: {code: "not_found", message}}';
const WHERE = { file: 'src/client/envelope.ts', find: 'export const errorEnvelope' };

export async function checkErrors(probe: Probe): Promise<Finding[]> {
	const route = await probe.get('/check-service-no-such-route');
	const resource = await probe.get(ROUTES['agent.get'].path.replace('{agentId}', `${ID_PREFIX.agent}check_service_missing`));
	const judge = (id: string, answer: typeof route) => {
		const ok = answer.status === 404 && errorCodeOf(answer) === 'not_found';
		return finding(id, WHERE, EXPECTED).judged(ok, answer.summary);
	};
	return [judge('error.missingRoute', route), judge('error.missingResource', resource)];
}
