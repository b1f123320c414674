// Boots what `npm run dev` and the end-to-end tests need: the sandbox, and a real n8n with this
// package installed the way n8n's community-package installer installs it (from the packed
// tarball into <user folder>/.n8n/nodes/node_modules, peer/dev/optional dependencies stripped,
// `npm install --ignore-scripts`), so module resolution is what users get: no access to this
// repository's node_modules.
//
// The pieces are exported one by one so queue mode (one user folder and database, several n8n
// processes: `startN8n({ args: ['worker'], env })`) can reuse them; bootAll() is the one-process
// stack. Every process started here is tracked and stopped on stop(), Ctrl-C, SIGTERM or exit.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModel } from '../fake-model/server.mjs';
import { ensureN8n, N8N_VERSION } from './n8n-install.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).name;

/** Node type names as n8n registers a community package's nodes. */
export const NODE_TYPES = {
	action: `${PKG}.agentPlatform`,
	tool: `${PKG}.agentPlatformTool`,
	trigger: `${PKG}.agentPlatformTrigger`,
	pollingTrigger: `${PKG}.agentPlatformPollingTrigger`,
};
export const CREDENTIAL_TYPE = 'agentPlatformApi';
export const CREDENTIAL_NAME = 'Agent Platform (sandbox)';

/** The local owner account (a throwaway instance on 127.0.0.1; not a secret). */
export const OWNER = { email: 'owner@example.com', firstName: 'Ada', lastName: 'Owner', password: 'Sandbox-Passw0rd' };

/** Fixed so that several processes (queue mode) and restarts of one user folder can share it. */
const ENCRYPTION_KEY = 'agent-platform-local-encryption-key';

const log = (msg) => process.stderr.write(`[boot] ${msg}\n`);
const seconds = (since) => Math.round((Date.now() - since) / 1000);

// ---------------------------------------------------------------------------------------------
// Child processes: each in its own process group (n8n starts a task runner child; killing the
// group takes it too), all stopped when this process ends for any reason.

const children = new Set();

/** `stopping` turns true once a signal asked everything to stop (an exit then is expected). */
export const lifecycle = { stopping: false };

function stopGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

/** Sends SIGTERM to the process group and waits for the exit, then SIGKILL after `graceMs`. */
export async function stopProcess(child, graceMs = 15_000) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	stopGroup(child, 'SIGTERM');
	const timer = setTimeout(() => stopGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	children.delete(child);
}

let handlersInstalled = false;
function installExitHandlers() {
	if (handlersInstalled) return;
	handlersInstalled = true;
	// Last resort on any exit path: synchronous, so only signals can be sent.
	process.on('exit', () => {
		for (const child of children) stopGroup(child, 'SIGTERM');
	});
	const shutdown = async (reason) => {
		if (lifecycle.stopping) return;
		lifecycle.stopping = true;
		log(`${reason}: stopping ${children.size} process(es)`);
		await Promise.all([...children].map((child) => stopProcess(child)));
		process.exit(130);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => shutdown(signal));
	// `npm run dev` stopped by its process (not Ctrl-C, which reaches every process of the terminal)
	// ends npm and the shell between npm and this process; without this, n8n and the sandbox
	// would keep running on their ports.
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) void shutdown('the process that started this one is gone');
	}, 500).unref();
}

export function startProcess(command, args, options) {
	installExitHandlers();
	const child = spawn(command, args, { ...options, detached: true });
	children.add(child);
	child.once('exit', () => children.delete(child));
	return child;
}

// ---------------------------------------------------------------------------------------------

/** Ports freePort has handed out: one is free again once probed, so the OS may offer it twice before its process binds it. */
const handedOut = new Set();

/** A free port on 127.0.0.1 never handed out before in this process: `preferred` when it is free, else any. */
export async function freePort(preferred = 0) {
	for (let attempt = 0; attempt < 100; attempt++) {
		const port = await new Promise((resolve, reject) => {
			const server = net.createServer();
			server.once('error', (error) => (preferred ? resolve(undefined) : reject(error)));
			server.listen(preferred, '127.0.0.1', () => {
				const { port } = server.address();
				server.close(() => resolve(port));
			});
		});
		preferred = 0;
		if (port !== undefined && !handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('no free port on 127.0.0.1 that was not handed out already (100 tries)');
}

/** Builds and packs the package as it would be published; returns the tarball path. */
export function packPackage(outDir, { build = true } = {}) {
	if (build) execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
	const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: repoRoot, encoding: 'utf8' });
	return path.join(outDir, out.trim().split('\n').pop());
}

/** What n8n's community-package installer does with a package tarball. */
export function installCommunityPackage(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PKG);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	const pkgFile = path.join(target, 'package.json');
	const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
	delete pkg.peerDependencies;
	delete pkg.devDependencies;
	delete pkg.optionalDependencies;
	writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
	execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: target, stdio: 'ignore' });
	writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PKG]: pkg.version } }, null, 2));
	return target;
}

/**
 * Starts the sandbox through its CLI (`npm run sandbox`), in its own process so n8n's webhooks
 * and deliveries cross real sockets, and reads the lines it prints for scripts.
 */
export async function startSandboxProcess(extraArgs = [], { port = 0 } = {}) {
	const child = startProcess(process.execPath, [path.join(repoRoot, 'test/sandbox/cli.mjs'), '--port', String(port), ...extraArgs], {
		cwd: repoRoot,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let output = '';
	const info = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before it was ready`)));
		child.stdout.on('data', (chunk) => {
			output += chunk;
			const line = (label) => new RegExp(`^${label}: (\\S+)`, 'm').exec(output)?.[1];
			const found = {
				baseUrl: line('Base URL'),
				apiKey: line('API key'),
				readOnlyKey: line('Read-only key'),
				otherOrgKey: line("Other organization's key"),
				adminUrl: line('Admin'),
			};
			if (Object.values(found).every(Boolean) && /^Rate limit:/m.test(output)) resolve(found);
		});
	});
	child.stdout.resume();
	return { ...info, process: child, stop: () => stopProcess(child) };
}

/** The environment of an n8n process on 127.0.0.1, with everything that calls home turned off. */
export function n8nEnv({ userFolder, port, brokerPort, logLevel = 'info', env = {} }) {
	return {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// The MCP registry module (2.x) polls api.n8n.io, unreachable here; it only adds log noise.
		// n8n 1.x has no such module and refuses to start when an unknown one is named.
		...(N8N_VERSION.startsWith('1.') ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_LOG_LEVEL: logLevel,
		N8N_LOG_OUTPUT: 'console',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		DB_SQLITE_POOL_SIZE: '2',
		// Executions are kept so tests can read their data.
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		...env,
	};
}

/** Polls `url` until it answers 2xx. */
export async function waitFor(url, { timeoutMs, what, child }) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} while starting`);
		try {
			const res = await fetch(url);
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		if (Date.now() > until) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/**
 * Starts one n8n process (`args`: ['start'] for a main instance; queue mode passes ['worker'] or
 * ['webhook']). Its output goes to `logFile`, which tests search for secrets.
 */
export async function startN8n({ userFolder, port, logFile, args = ['start'], env = {}, logLevel }) {
	const n8n = await ensureN8n();
	const brokerPort = await freePort();
	const out = createWriteStream(logFile, { flags: 'a' });
	const child = startProcess(n8n.nodeBin, [n8n.n8nBin, ...args], {
		cwd: userFolder,
		env: n8nEnv({ userFolder, port, brokerPort, logLevel, env }),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout.pipe(out);
	child.stderr.pipe(out);
	const url = `http://127.0.0.1:${port}`;
	return {
		process: child,
		port,
		url,
		logFile,
		ready: async (timeoutMs = 240_000) => {
			await waitFor(`${url}/healthz/readiness`, { timeoutMs, what: `n8n ${args[0]}`, child });
			// n8n 1.x reports ready once the database is migrated, before its REST routes exist; the
			// settings route is registered after every controller, so it answering means they are up.
			if (args[0] === 'start') await waitFor(`${url}/rest/settings`, { timeoutMs, what: `n8n ${args[0]} REST API`, child });
		},
		stop: () => stopProcess(child),
	};
}

/** n8n's REST API as the owner (session cookie) and its public API (API key). */
export class N8nApi {
	constructor(url) {
		this.url = url;
		this.cookie = '';
		this.apiKey = '';
	}

	async rest(method, route, body) {
		const res = await answerWithin(`${method} /rest${route}`, `${this.url}/rest${route}`, {
			method,
			headers: { 'content-type': 'application/json', cookie: this.cookie, 'browser-id': 'agent-platform-harness' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = res.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		return await parse(res, `${method} /rest${route}`, (json) => json.data ?? json);
	}

	async public(method, route, body) {
		const res = await answerWithin(`${method} /api/v1${route}`, `${this.url}/api/v1${route}`, {
			method,
			headers: { 'content-type': 'application/json', 'x-n8n-api-key': this.apiKey },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return await parse(res, `${method} /api/v1${route}`, (json) => json);
	}

	/** Creates the owner on a fresh instance (a no-op when it exists) and logs in. */
	async setupOwner() {
		try {
			await this.rest('POST', '/owner/setup', OWNER);
		} catch (error) {
			if (error.status !== 400) throw error;
		}
		await this.rest('POST', '/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
	}

	/** A public-API key with every scope the owner may grant (before scopes existed, n8n < 1.9x, a key could do everything). */
	async createApiKey(label = 'agent-platform-harness') {
		const scopes = await this.rest('GET', '/api-keys/scopes').catch((error) => {
			if (error.status === 404) return undefined;
			throw error;
		});
		const key = await this.rest('POST', '/api-keys', { label: `${label}-${Date.now()}`, expiresAt: null, scopes });
		this.apiKey = key.rawApiKey ?? key.apiKey;
		return this.apiKey;
	}
}

/** How long n8n's API may take to answer one call before the caller fails instead of waiting on. */
const N8N_API_TIMEOUT_MS = 60_000;

/** `fetch` bounded by N8N_API_TIMEOUT_MS; a call that runs out fails naming `what`. */
async function answerWithin(what, url, init) {
	try {
		return await fetch(url, { ...init, signal: AbortSignal.timeout(N8N_API_TIMEOUT_MS) });
	} catch (error) {
		if (error?.name === 'TimeoutError') throw new Error(`${what}: n8n did not answer within ${N8N_API_TIMEOUT_MS / 1000} s`);
		throw error;
	}
}

async function parse(res, what, unwrap) {
	const text = await res.text();
	let json = {};
	try {
		json = text ? JSON.parse(text) : {};
	} catch {
		json = { text };
	}
	if (!res.ok) throw Object.assign(new Error(`${what} → ${res.status}: ${text.slice(0, 300)}`), { status: res.status, body: json });
	return unwrap(json);
}

/**
 * Creates a credential, or updates the one of that name and type (a reused user folder keeps it,
 * but what it points at may listen elsewhere this time); returns its id.
 */
export async function upsertCredential(api, { name, type, data }) {
	const body = { name, type, data };
	const existing = (await api.rest('GET', '/credentials')).find((c) => c.name === name && c.type === type);
	if (existing) {
		await api.rest('PATCH', `/credentials/${existing.id}`, body);
		return existing.id;
	}
	return (await api.rest('POST', '/credentials', body)).id;
}

/** The credential that points at the sandbox (see upsertCredential); returns its id. */
export async function createCredential(api, sandbox, { name = CREDENTIAL_NAME, apiKey = sandbox.apiKey, signingSecret } = {}) {
	const data = { apiKey, baseUrl: sandbox.baseUrl, ...(signingSecret === undefined ? {} : { signingSecret }) };
	return await upsertCredential(api, { name, type: CREDENTIAL_TYPE, data });
}

/** The local stand-ins `npm run dev` gives the examples for what a user brings: a chat model and an MCP client token. */
export const MODEL_CREDENTIAL_NAME = 'Local fake model (npm run dev)';
export const MCP_CREDENTIAL_NAME = 'MCP clients (npm run dev)';

/**
 * Credentials the examples leave for the user to pick, by node type: the chat model's, and the
 * MCP Server Trigger's Bearer token when it asks for one. A node that names its own is left alone.
 */
const USER_CREDENTIALS = {
	'@n8n/n8n-nodes-langchain.lmChatOpenAi': () => 'openAiApi',
	'@n8n/n8n-nodes-langchain.mcpTrigger': (node) => (node.parameters.authentication === 'bearerAuth' ? 'httpBearerAuth' : undefined),
};

/**
 * The example workflows in examples/ (on n8n 1.x, a copy of the same name in examples/n8n-1.x
 * replaces one that needs n8n 2), with every Agent Platform credential set to `credential` and,
 * from `local` ({ openAiApi, httpBearerAuth }: { id, name }), the credentials a user would add.
 */
export function loadExamples(credential, local = {}) {
	const dir = path.join(repoRoot, 'examples');
	const forOne = path.join(dir, 'n8n-1.x');
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const copy = N8N_VERSION.startsWith('1.') && existsSync(path.join(forOne, file));
			const workflow = JSON.parse(readFileSync(path.join(copy ? forOne : dir, file), 'utf8'));
			for (const node of workflow.nodes) {
				if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = credential;
				const type = USER_CREDENTIALS[node.type]?.(node);
				if (type && local[type] && !node.credentials?.[type]) node.credentials = { ...node.credentials, [type]: local[type] };
			}
			return { file, workflow };
		});
}

/**
 * Imports the examples through the public API (once per user folder); returns
 * [{ file, id, name, kept }], `kept` when the folder already had it (maybe edited by the user).
 */
export async function importExamples(api, credentialId, local = {}) {
	const imported = [];
	const existing = (await api.public('GET', '/workflows?limit=250')).data;
	for (const { file, workflow } of loadExamples({ id: credentialId, name: CREDENTIAL_NAME }, local)) {
		const { name, nodes, connections, settings = { executionOrder: 'v1' } } = workflow;
		// A reused user folder already has them (maybe edited by the user): leave those alone.
		const keptId = existing.find((w) => w.name === name)?.id;
		const id = keptId ?? (await api.public('POST', '/workflows', { name, nodes, connections, settings })).id;
		imported.push({ file, id, name, kept: keptId !== undefined });
	}
	return imported;
}

/**
 * The whole one-process stack: packed package installed as a community package, sandbox, n8n
 * with an owner, a public-API key, the sandbox credential and (optionally) the examples, with the
 * local fake chat model and an MCP token credential they need to run as shipped.
 * `userFolder` may be reused between runs (dev keeps one so logins and edits survive).
 */
export async function bootAll({
	userFolder,
	sandboxArgs = [],
	sandboxPort = 0,
	examples = true,
	build = true,
	port,
	logLevel = 'info',
	env = {},
} = {}) {
	const started = Date.now();
	// A folder made here is removed on stop (set KEEP_N8N_FOLDER=1 to keep it for its n8n.log).
	const temporary = !userFolder;
	userFolder ??= mkdtempSync(path.join(os.tmpdir(), 'n8n-agent-platform-'));
	mkdirSync(userFolder, { recursive: true });
	await ensureN8n();
	log(build ? 'building and packing the package' : 'packing the package');
	const tarball = packPackage(userFolder, { build });
	installCommunityPackage(userFolder, tarball);
	log(`installed ${path.basename(tarball)} as a community package in ${path.join(userFolder, '.n8n/nodes')}`);

	const sandbox = await startSandboxProcess(sandboxArgs, { port: sandboxPort && (await freePort(sandboxPort)) });
	log(`sandbox at ${sandbox.baseUrl}`);
	// The AI examples' chat model: test/fake-model, an OpenAI-compatible server with scripted answers.
	const model = examples ? await startFakeModel() : undefined;
	if (model) log(`local fake chat model at ${model.url}`);
	const mcpToken = examples ? `dev-mcp-${randomBytes(12).toString('hex')}` : undefined;
	const logFile = path.join(userFolder, 'n8n.log');
	const n8n = await startN8n({ userFolder, port: await freePort(port ?? 0), logFile, logLevel, env });
	const stop = async () => {
		await Promise.all([n8n.stop(), sandbox.stop(), model?.stop()]);
		if (temporary && !process.env.KEEP_N8N_FOLDER) rmSync(userFolder, { recursive: true, force: true });
		else log(`n8n's user folder and log are kept in ${userFolder}`);
	};
	try {
		log(`starting n8n at ${n8n.url} (log: ${logFile})`);
		await n8n.ready();
		const api = new N8nApi(n8n.url);
		await api.setupOwner();
		await api.createApiKey();
		const credentialId = await createCredential(api, sandbox);
		const local = examples ? await localCredentials(api, model, mcpToken) : {};
		const workflows = examples ? await importExamples(api, credentialId, local) : [];
		log(`n8n ready in ${seconds(started)} s`);
		return { userFolder, sandbox, n8n, api, credentialId, workflows, logFile, stop, model, mcpToken };
	} catch (error) {
		log(`boot failed; the last lines of ${logFile}:\n${tail(logFile, 30)}`);
		await stop();
		throw error;
	}
}

/** The credentials the examples' chat models and MCP Server Trigger get in this stack (see loadExamples). */
async function localCredentials(api, model, mcpToken) {
	const openAiApi = await upsertCredential(api, { name: MODEL_CREDENTIAL_NAME, type: 'openAiApi', data: { apiKey: 'sk-local-fake-model', url: model.url } });
	const httpBearerAuth = await upsertCredential(api, { name: MCP_CREDENTIAL_NAME, type: 'httpBearerAuth', data: { token: mcpToken } });
	return { openAiApi: { id: openAiApi, name: MODEL_CREDENTIAL_NAME }, httpBearerAuth: { id: httpBearerAuth, name: MCP_CREDENTIAL_NAME } };
}

export function tail(file, lines) {
	try {
		return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}
