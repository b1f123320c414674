/**
 * Small text faults a new user met (issue 41): each text checked where the editor or a run shows it.
 */
import type { INodeProperties } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { AgentPlatformPollingTrigger } from '../../nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node';
import { AgentPlatformTrigger } from '../../nodes/AgentPlatformTrigger/AgentPlatformTrigger.node';
import { baseUrlProblem, normalizeBaseUrl } from '../../src/client/baseUrl';

const nodes = [new AgentPlatform(), new AgentPlatformMemory(), new AgentPlatformTrigger(), new AgentPlatformPollingTrigger()];

/** Every property of a node, collections' and locator modes' included. */
function everyProperty(properties: INodeProperties[]): Array<INodeProperties & { placeholder?: string }> {
	return properties.flatMap((p) => [p, ...everyProperty(((p.options ?? []) as INodeProperties[]).filter((o) => typeof o === 'object' && 'type' in o)), ...((p.modes ?? []) as unknown as INodeProperties[])]);
}

const actionProperties = everyProperty(new AgentPlatform().description.properties);
const shownFor = (resource: string, operation: string) =>
	new AgentPlatform().description.properties.filter((p) => (p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) && (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation));

describe('texts say one thing, and what is true', () => {
	test('Tier and Scope: Create and Get Many agree that the API refuses values not listed', () => {
		for (const operation of ['create', 'getMany', 'promote']) {
			const fields = everyProperty(shownFor('memoryFact', operation)).filter((p) => p.name === 'tier' || p.name === 'scope');
			expect(fields.length).toBe(2);
			for (const field of fields) {
				expect([operation, field.name, field.description]).toEqual([operation, field.name, expect.stringMatching(/the API refuses others/)]);
				expect(field.description).not.toMatch(/other values .*can be given/i);
			}
		}
	});

	test("Limit's hint says the bound, not what the editor does with some numbers", () => {
		const limits = actionProperties.filter((p) => p.name === 'limit');
		expect(limits.length).toBeGreaterThan(0);
		for (const limit of limits) expect(limit.hint).not.toMatch(/turns 0 into 1/);
	});

	test('list placeholders use "an" before a vowel ("Select an agent..."), in every node', () => {
		const placeholders = nodes.flatMap((node) => everyProperty(node.description.properties)).map((p) => p.placeholder).filter((p): p is string => typeof p === 'string' && p.startsWith('Select '));
		expect(placeholders).toContain('Select an agent...');
		for (const placeholder of placeholders) expect(placeholder).not.toMatch(/^Select a [aeiou]/i);
	});

	test("the memory's notice stays true once the node is connected", () => {
		const notice = new AgentPlatformMemory().description.properties.find((p) => p.type === 'notice');
		expect(notice?.displayName).not.toMatch(/^Connect /);
		expect(notice?.displayName).toMatch(/Memory input/);
	});

	test('Parallel Writes, when added, starts at 1, its safest value', () => {
		const parallel = actionProperties.filter((p) => p.name === 'parallelWrites');
		expect(parallel.length).toBeGreaterThan(0);
		for (const option of parallel) expect(option.default).toBe(1);
	});

	test('a Base URL without http:// or https:// says that is what is missing', () => {
		for (const typed of ['127.0.0.1:4010/v1', 'localhost:4010', 'api.launchcortex.ai/v1']) {
			expect([typed, baseUrlProblem(normalizeBaseUrl(typed))]).toEqual([typed, expect.stringMatching(/must start with https:\/\/ \(or http:\/\/ for a local server\)/)]);
		}
		expect(baseUrlProblem(normalizeBaseUrl('http://127.0.0.1:4010/v1'))).toBeUndefined();
	});
});
