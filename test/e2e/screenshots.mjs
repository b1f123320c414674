#!/usr/bin/env node
// `npm run test:e2e -- --screenshots` (or `node test/e2e/screenshots.mjs`): boots the same stack as
// the e2e suite and photographs the nodes in the real n8n editor with headless Chromium (Debian's
// `chromium`, driven by playwright-core), into docs/screenshots/*.png for the README and docs/.
//
// Chromium is not a dependency of the package: install it with `apt-get install -y chromium` (or
// set CHROMIUM_PATH). The flags keep it from calling home; the editor itself is on 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CREDENTIAL_NAME, N8nApi, NODE_TYPES, OWNER, bootAll, loadExamples, repoRoot } from '../harness/n8n-boot.mjs';
import { N8N_VERSION } from '../harness/n8n-install.mjs';

const outDir = path.join(repoRoot, 'docs', 'screenshots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const log = (msg) => process.stderr.write(`[screenshots] ${msg}\n`);

/** A small workflow that shows both nodes: Manual Trigger → Agent Platform (memory facts). */
function showcase(credentialId) {
	const credentials = { agentPlatformApi: { id: credentialId, name: CREDENTIAL_NAME } };
	return {
		name: 'Screenshot: memory facts of the support agent',
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: 'Run manually', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'c0ffee00-0000-4000-8000-000000000001',
				name: 'Get memory facts',
				type: NODE_TYPES.action,
				typeVersion: 1,
				position: [260, 0],
				parameters: {
					resource: 'memoryFact',
					operation: 'getMany',
					limit: 5,
					filters: { agentId: { __rl: true, mode: 'list', value: 'dep_support01', cachedResultName: 'Support Agent' }, tier: 'L3' },
				},
				credentials,
			},
		],
		connections: { 'Run manually': { main: [[{ node: 'Get memory facts', type: 'main', index: 0 }]] } },
	};
}

/** The polling trigger watching one agent's durable facts, then a No Operation node. */
function pollingShowcase(credentialId) {
	const name = 'New durable facts (polling)';
	return {
		name: 'Screenshot: polling trigger',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'c0ffee00-0000-4000-8000-000000000002',
				name,
				type: NODE_TYPES.pollingTrigger,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyX', value: 5, unit: 'minutes' }] },
					events: ['memory.fact_created', 'memory.fact_promoted'],
					filters: { agentId: { __rl: true, mode: 'list', value: 'dep_sales02', cachedResultName: 'Sales Assistant' }, tier: 'L3' },
				},
				credentials: { agentPlatformApi: { id: credentialId, name: CREDENTIAL_NAME } },
			},
			{ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
		],
		connections: { [name]: { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
	};
}

export async function takeScreenshots(stack) {
	if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
	mkdirSync(outDir, { recursive: true });
	const { api, n8n } = stack;
	// Pictures of the seed data, not of whatever the tests before changed.
	if (stack.sandbox) await fetch(`${stack.sandbox.adminUrl}/reset`, { method: 'POST' });
	const wf = await api.public('POST', '/workflows', showcase(stack.credentialId));
	const polling = await api.public('POST', '/workflows', pollingShowcase(stack.credentialId));
	const trigger = stack.workflows.find((w) => w.file === 'notify-on-promoted-fact.json');
	const agent = stack.workflows.find((w) => w.file === 'ai-agent-with-agent-platform-tool.json');
	const memoryAgent = stack.workflows.find((w) => w.file === 'chat-agent-with-platform-memory.json');
	const mcpServer = stack.workflows.find((w) => w.file === 'mcp-server-for-agent-platform.json');
	const humanReview = stack.workflows.find((w) => w.file === 'chat-agent-with-human-review.json');

	const browser = await chromium.launch({
		executablePath,
		headless: true,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
		page.setDefaultTimeout(30_000);
		await page.goto(`${n8n.url}/signin`);
		await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(OWNER.email);
		await page.locator('input[type="password"]').first().fill(OWNER.password);
		await page.getByRole('button', { name: /sign in/i }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

		const shot = async (name) => {
			await page.waitForTimeout(800); // let animations settle before the picture
			await page.screenshot({ path: path.join(outDir, `${name}.png`) });
			log(`docs/screenshots/${name}.png`);
		};
		const dismiss = async () => {
			await page.keyboard.press('Escape');
			await page.waitForTimeout(300);
		};
		const openWorkflow = async (id) => {
			await page.goto(`${n8n.url}/workflow/${id}`);
			await page.locator('[data-test-id="canvas-node"]').first().waitFor();
			await page.waitForTimeout(500);
		};

		// 1. The nodes panel: searching "Agent Platform" finds the node; opening it lists its actions.
		await openWorkflow(wf.id);
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('[data-test-id="node-creator-search-bar"]').fill('Agent Platform');
		await page.locator('[data-test-id="node-creator-item-name"]').filter({ hasText: /^Agent Platform$/ }).first().waitFor();
		await shot('node-panel-search');
		await page.locator('[data-test-id="node-creator-item-name"]').filter({ hasText: /^Agent Platform$/ }).first().click();
		await page.locator('[data-test-id="node-creator-action-item"]').first().waitFor();
		await shot('node-panel-actions');
		await dismiss();
		await dismiss();

		// 2. The action node's parameters (Memory Fact → Get Many with filters), then its output.
		await openWorkflow(wf.id);
		await page.locator('[data-test-id="execute-workflow-button"]').click({ force: true });
		await page.getByText(/workflow executed successfully/i).first().waitFor();
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Get memory facts' }).dblclick({ force: true });
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await shot('action-node-memory-facts');
		await dismiss();

		// 3. The trigger node: events, subscription mode, options.
		await openWorkflow(trigger.id);
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'When a fact is promoted' }).dblclick({ force: true });
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await shot('trigger-node');
		await dismiss();

		// 4. The polling trigger after Fetch Test Event: its parameters and the sample event.
		await openWorkflow(polling.id);
		await page.locator('[data-test-id="execute-workflow-button"]').click({ force: true });
		await page.getByText(/workflow executed successfully/i).first().waitFor();
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'New durable facts' }).dblclick({ force: true });
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await shot('polling-trigger-node');
		await dismiss();

		// 5. The node as an AI agent tool.
		await openWorkflow(agent.id);
		await shot('ai-agent-tool-workflow');
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Agent Platform' }).last().dblclick({ force: true });
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await shot('ai-agent-tool-node');
		await dismiss();

		// 5. A chat agent with Agent Platform Memory, and the memory's parameters.
		await openWorkflow(memoryAgent.id);
		await shot('ai-agent-platform-memory-workflow');
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Agent Platform Memory' }).first().dblclick({ force: true });
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await shot('ai-agent-platform-memory-node');
		await dismiss();

		// 6. The MCP Server Trigger serving the node's tools (n8n 2.x; 1.85.4 has no MCP Server Trigger).
		if (mcpServer?.id && !N8N_VERSION.startsWith('1.')) {
			await openWorkflow(mcpServer.id);
			await shot('mcp-server-workflow');
		}

		// 7. Destructive tools behind human review, and the hint a destructive tool shows.
		if (humanReview?.id && !N8N_VERSION.startsWith('1.')) {
			await openWorkflow(humanReview.id);
			await shot('human-review-workflow');
			await page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Delete memory fact' }).first().dblclick({ force: true });
			await page.locator('[data-test-id="ndv"]').first().waitFor();
			await page.getByText(/human review node/).first().waitFor();
			await shot('human-review-hint');
			await dismiss();
		}
	} finally {
		await browser.close();
		await api.public('DELETE', `/workflows/${wf.id}`).catch(() => undefined);
		await api.public('DELETE', `/workflows/${polling.id}`).catch(() => undefined);
	}
}

/** The parts of a booted stack the screenshots need, from an n8n already running (npm run dev). */
async function attach(url) {
	const api = new N8nApi(url);
	await api.setupOwner();
	await api.createApiKey('screenshots');
	const credentialId = (await api.rest('GET', '/credentials')).find((c) => c.name === CREDENTIAL_NAME)?.id;
	const existing = (await api.public('GET', '/workflows?limit=250')).data;
	const workflows = loadExamples({}).map(({ file, workflow }) => ({ file, id: existing.find((w) => w.name === workflow.name)?.id }));
	return { api, n8n: { url }, credentialId, workflows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const { values } = parseArgs({ options: { url: { type: 'string' } } });
	if (values.url) {
		await takeScreenshots(await attach(values.url));
	} else {
		const stack = await bootAll({ examples: true });
		try {
			await takeScreenshots(stack);
		} finally {
			await stack.stop();
		}
	}
}
