// The two servers n8n's queue mode coordinates through: PostgreSQL (the shared database) and Redis
// (the job queue), from Debian's packages, each a throwaway instance on 127.0.0.1 with its data
// in a folder of the run. Installed with apt-get when missing (CI starts on a machine without
// redis-server; sessions end their background processes, so nothing is assumed to be running).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startProcess, stopProcess } from '../harness/n8n-boot.mjs';

const log = (msg) => process.stderr.write(`[queue] ${msg}\n`);

const isRoot = () => process.getuid?.() === 0;

/** Debian's PostgreSQL keeps its programs under /usr/lib/postgresql/<major>/bin. */
function postgresBin() {
	const base = '/usr/lib/postgresql';
	const majors = existsSync(base) ? readdirSync(base).filter((d) => existsSync(path.join(base, d, 'bin', 'postgres'))) : [];
	majors.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(base, majors[0], 'bin') : undefined;
}

const hasRedis = () => {
	try {
		execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
};

/** apt-get installs what is missing (needs root, as on these machines and in CI). */
export function ensureServers() {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!hasRedis()) missing.push('redis-server');
	if (!missing.length) return;
	if (!isRoot()) throw new Error(`Queue mode needs ${missing.join(' and ')}: run "apt-get install -y ${missing.join(' ')}" as root, then try again.`);
	log(`installing ${missing.join(', ')} from Debian's packages`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	try {
		execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
	} catch {
		execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'], env });
		execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
	}
	// Debian's packages start their own services on the default ports; this run uses its own.
	for (const service of ['redis-server', 'postgresql']) {
		try {
			execFileSync('service', [service, 'stop'], { stdio: 'ignore' });
		} catch {
			// not started, or no service manager
		}
	}
}

async function waitForPort(port, what, child, timeoutMs = 30_000) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} while starting`);
		const open = await new Promise((resolve) => {
			const socket = net.connect(port, '127.0.0.1');
			socket.once('connect', () => (socket.destroy(), resolve(true)));
			socket.once('error', () => resolve(false));
		});
		if (open) return;
		if (Date.now() > until) throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/**
 * A fresh PostgreSQL cluster in `dir` (trust authentication on loopback; the database `n8n`).
 * PostgreSQL refuses to run as root, so as root the cluster belongs to Debian's `postgres` user.
 */
export async function startPostgres({ dir, port }) {
	const bin = postgresBin();
	mkdirSync(dir, { recursive: true });
	const asPostgres = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
	if (isRoot()) {
		execFileSync('chown', ['-R', 'postgres:postgres', dir]);
		// mkdtemp makes the run's root 0700; the postgres user must reach its folder inside.
		chmodSync(path.dirname(dir), 0o755);
	}
	const run = (program, args) => {
		const [command, ...prefix] = [...asPostgres, path.join(bin, program)];
		execFileSync(command, [...prefix, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
	};
	const data = path.join(dir, 'data');
	run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
	const [command, ...prefix] = [...asPostgres, path.join(bin, 'postgres')];
	const child = startProcess(
		command,
		// fsync off: a throwaway database whose durability nobody relies on.
		[...prefix, '-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'max_connections=200', '-c', `log_directory=${dir}`],
		{ stdio: ['ignore', 'ignore', 'ignore'] },
	);
	await waitForPort(port, 'PostgreSQL', child);
	for (let attempt = 0; ; attempt++) {
		try {
			execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE n8n'], { stdio: 'ignore' });
			break;
		} catch (error) {
			// Listening before it accepts connections ("the database system is starting up").
			if (attempt > 50) throw error;
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}
	const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).match(/\d+(\.\d+)?/)[0];
	log(`PostgreSQL ${version} on 127.0.0.1:${port}`);
	return { port, version, process: child, stop: () => stopProcess(child) };
}

/** A Redis without persistence on 127.0.0.1. */
export async function startRedis({ dir, port }) {
	mkdirSync(dir, { recursive: true });
	const child = startProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'], {
		stdio: ['ignore', 'ignore', 'ignore'],
	});
	await waitForPort(port, 'Redis', child);
	const version = execFileSync('redis-server', ['--version'], { encoding: 'utf8' }).match(/v=(\S+)/)[1];
	log(`Redis ${version} on 127.0.0.1:${port}`);
	return { port, version, process: child, stop: () => stopProcess(child) };
}
