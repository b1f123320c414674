// A process on a machine short of CPU: the OS stops it, lets it run a moment, stops it again. Done
// to an n8n process with SIGSTOP and SIGCONT, so the other processes (the workers) run on meanwhile.

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starves `pid` (stopped `stoppedMs`, running `runningMs`, over and over) until stop() is awaited. */
export function starve(pid, { stoppedMs = 300, runningMs = 20 } = {}) {
	let starving = true;
	const cycles = (async () => {
		while (starving) {
			process.kill(pid, 'SIGSTOP');
			await pause(stoppedMs);
			process.kill(pid, 'SIGCONT');
			await pause(runningMs);
		}
	})();
	return {
		stop: async () => {
			starving = false;
			await cycles.catch(() => undefined);
			// Never leave it stopped, whatever ended the cycles.
			try {
				process.kill(pid, 'SIGCONT');
			} catch {
				// already gone
			}
		},
	};
}
