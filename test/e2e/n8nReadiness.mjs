// The suites of the e2e run about what n8n 2.x reads beyond parameters and what n8n 3.0 changes:
// builderHint and sensitiveOutputFields as n8n serves them, the tool variant's parameters, and n8n's
// SSRF protection refusing the Base URL. Registered by e2e.test.mjs (one call), which owns the stack.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NODE_TYPES, repoRoot } from '../harness/n8n-boot.mjs';
import { N8N_VERSION, paths } from '../harness/n8n-install.mjs';
import { MEMORY_NODE_TYPE } from './chatAgent.mjs';
import { restartN8n } from './durableScheduler.mjs';
import { chainWorkflow } from './helpers.mjs';
import { n8nHasFieldRedaction, redactWithN8n } from './n8nRedaction.mjs';
import { SSRF_ON, SSRF_ON_SANDBOX_ALLOWED, n8nHasSsrfGuard } from './ssrf.mjs';

const v2 = !N8N_VERSION.startsWith('1.');

/** The n8n-workflow of the n8n under test, which decides what its editor shows. */
const n8nWorkflowOfN8n = () => createRequire(path.join(paths().root, 'node_modules', 'n8n', 'package.json'))('n8n-workflow');

/**
 * Whether that n8n-workflow knows the `@tool` display condition (2.x does; 1.85.4 shows such
 * parameters everywhere): a parameter hidden in tool mode, asked of a node type named like a tool.
 */
const knowsToolCondition = () => {
	const probe = { name: 'probeTool', properties: [{ displayName: 'X', name: 'x', type: 'string', default: '', displayOptions: { hide: { '@tool': [true] } } }] };
	const resolved = n8nWorkflowOfN8n().NodeHelpers.getNodeParameters(probe.properties, {}, true, false, { typeVersion: 1 }, probe);
	return !Object.hasOwn(resolved ?? {}, 'x');
};

/** `ctx()` returns { stack, n8n, sandbox, allowedSecretOutput } once the suite's boot is done. */
export function describeN8nReadiness(ctx) {
	const nodeTypes = async () => {
		const { stack } = ctx();
		const all = await (await fetch(`${stack.n8n.url}/types/nodes.json`, { headers: { cookie: stack.api.cookie } })).json();
		return Object.fromEntries(all.filter((t) => t.name.startsWith('n8n-nodes-agent-platform.')).map((t) => [t.name, t]));
	};

	describe('what n8n reads beyond the parameters', () => {
		test('n8n serves builderHint on the four nodes and sensitiveOutputFields on the action node and its tool variant', { skip: !v2 && `n8n ${N8N_VERSION} has neither field` }, async () => {
			const types = await nodeTypes();
			for (const name of [NODE_TYPES.action, NODE_TYPES.trigger, NODE_TYPES.pollingTrigger, MEMORY_NODE_TYPE]) {
				assert.ok(types[name]?.builderHint?.searchHint?.length > 150, `${name} has no builderHint`);
				assert.ok(types[name].builderHint.relatedNodes.every((r) => r.nodeType && r.relationHint), name);
			}
			assert.match(types[MEMORY_NODE_TYPE].builderHint.searchHint, /one memory per chat.*one memory per user/s);
			for (const name of [NODE_TYPES.action, NODE_TYPES.tool]) assert.deepEqual(types[name].sensitiveOutputFields, ['secret', 'data.secret'], name);
		});

		test('the tool variant n8n serves hides Return All and Parallel Writes, as this n8n decides; the node shows them', async () => {
			const types = await nodeTypes();
			const hidden = (type) => type.properties.filter((p) => p.displayOptions?.hide?.['@tool']?.includes(true)).map((p) => p.name);
			assert.deepEqual([...new Set(hidden(types[NODE_TYPES.tool]))].sort(), ['options', 'returnAll']);
			if (!knowsToolCondition()) return; // n8n 1.x: no `@tool` condition, so its editor shows them as before
			const { NodeHelpers } = n8nWorkflowOfN8n();
			const shown = (type, values) => Object.keys(NodeHelpers.getNodeParameters(type.properties, values, true, false, { typeVersion: 1 }, type) ?? {});
			const list = { resource: 'memoryFact', operation: 'getMany' };
			const write = { resource: 'memoryFact', operation: 'create' };
			assert.ok(shown(types[NODE_TYPES.action], list).includes('returnAll') && shown(types[NODE_TYPES.action], write).includes('options'));
			assert.ok(!shown(types[NODE_TYPES.tool], list).includes('returnAll') && shown(types[NODE_TYPES.tool], list).includes('limit'));
			assert.ok(!shown(types[NODE_TYPES.tool], write).includes('options'));
			assert.equal(NodeHelpers.getNodeParameters(types[NODE_TYPES.tool].properties, list, true, false, { typeVersion: 1 }, types[NODE_TYPES.tool]).output, 'simple');
		});

		test("n8n's own field redaction turns the signing secret of the webhook-create execution into its marker", { skip: !n8nHasFieldRedaction() && `n8n ${N8N_VERSION} has no field redaction` }, async () => {
			const { stack, allowedSecretOutput } = ctx();
			assert.ok(allowedSecretOutput.executionId, 'the webhook subscription test ran first');
			const execution = await stack.api.public('GET', `/executions/${allowedSecretOutput.executionId}?includeData=true`);
			const workflow = await stack.api.public('GET', `/workflows/${execution.workflowId}`);
			const types = await nodeTypes();
			const secretOf = (e) => e.data.resultData.runData[allowedSecretOutput.node][0].data.main[0][0].json.secret;
			assert.match(secretOf(execution), /^whsec_/, 'n8n 2.41 does not apply the redaction itself when executions are read');
			const redacted = redactWithN8n({ ...execution, workflowData: { nodes: workflow.nodes } }, types);
			assert.deepEqual(secretOf(redacted), { __redacted: true, reason: 'node_defined_field', canReveal: false });
			// Nothing else of the output changed.
			const rest = (e) => ({ ...e.data.resultData.runData[allowedSecretOutput.node][0].data.main[0][0].json, secret: undefined });
			assert.deepEqual(rest(redacted), rest(execution));
		});
	});

	test('the AI node SDK: the version the package builds against is the one this n8n ships, the API version the one its loader expects; without it, the peer is optional', () => {
		const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
		const n8nPackage = JSON.parse(readFileSync(path.join(paths().root, 'node_modules', 'n8n', 'package.json'), 'utf8'));
		const shipped = n8nPackage.dependencies?.['@n8n/ai-node-sdk'];
		if (!shipped) {
			// n8n before 2.16 (1.85.4): the memory node says which n8n it needs; nothing may require the SDK at install.
			assert.equal(pkg.peerDependenciesMeta?.['@n8n/ai-node-sdk']?.optional, true);
			return;
		}
		assert.equal(pkg.devDependencies['@n8n/ai-node-sdk'], shipped, `n8n ${N8N_VERSION} ships @n8n/ai-node-sdk ${shipped}`);
		assert.equal(pkg.peerDependencies['@n8n/ai-node-sdk'], '*');
		const config = readFileSync(path.join(paths().root, 'node_modules', 'n8n', 'dist', 'modules', 'community-packages', 'community-packages.config.js'), 'utf8');
		assert.equal(pkg.n8n.aiNodeSdkVersion, Number(/AI_NODE_SDK_VERSION = (\d+)/.exec(config)?.[1]));
	});

	// n8n 2.x's SSRF protection with its default blocklist refuses the sandbox's 127.0.0.1. n8n
	// restarts here with N8N_SSRF_PROTECTION_ENABLED=true, then with the address allowed.
	describe("n8n's SSRF protection refusing the Base URL", { skip: !n8nHasSsrfGuard() && `n8n ${N8N_VERSION} has no SSRF protection` }, () => {
		const organizationRequests = async () => (await ctx().sandbox.admin('/requests')).filter((r) => r.path === '/v1/organization').length;
		const getOrganization = async (name) => {
			const { stack, n8n } = ctx();
			const workflow = await n8n.createWorkflow(chainWorkflow(name, [{ name: 'Get organization', parameters: { resource: 'organization', operation: 'get' } }], stack.credentialId));
			return await n8n.runManually(workflow.id);
		};

		before(async () => await restartN8n(ctx().stack, SSRF_ON), { timeout: 180_000 });

		test('the credential test says the protection refused the address and names the setting that allows it', async () => {
			const { stack, n8n } = ctx();
			const tested = await n8n.testCredential(stack.sandbox.apiKey, stack.sandbox.baseUrl);
			assert.equal(tested.status, 'Error');
			assert.match(tested.message, /^Could not reach the Agent Platform API at http:\/\/127\.0\.0\.1:\d+\/v1: n8n's SSRF protection refused the address 127\.0\.0\.1\. /);
			assert.match(tested.message, /N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32/);
			assert.ok(!tested.message.includes(stack.sandbox.apiKey));
		});

		test('a node run fails with the same words, and nothing reached the API', async () => {
			const sentBefore = await organizationRequests();
			const execution = await getOrganization('e2e SSRF protection on');
			assert.equal(execution.status, 'error');
			const error = execution.data.resultData.error;
			assert.equal(error.message, "Could not reach the Agent Platform API: n8n's SSRF protection refused the address 127.0.0.1");
			assert.match(error.description, /N8N_SSRF_PROTECTION_ENABLED=true.*N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32/);
			assert.equal(await organizationRequests(), sentBefore);
		});

		describe('with the address allowed, as the message says', () => {
			before(async () => await restartN8n(ctx().stack, SSRF_ON_SANDBOX_ALLOWED), { timeout: 180_000 });
			after(async () => await restartN8n(ctx().stack, {}), { timeout: 180_000 });

			test('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32: the credential test and the node work again', async () => {
				const { stack, n8n } = ctx();
				const tested = await n8n.testCredential(stack.sandbox.apiKey, stack.sandbox.baseUrl);
				assert.equal(tested.status, 'OK', JSON.stringify(tested));
				const execution = await getOrganization('e2e SSRF protection, sandbox allowed');
				assert.equal(execution.status, 'success', JSON.stringify(execution.data.resultData.error));
			});
		});
	});
}
