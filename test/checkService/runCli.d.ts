/**
 * Runs tooling/checkService/cli.mjs with `args` (and `--json` to a temporary file) and `env` added to
 * this process's. `quietestMs`: the longest time without output, from the start to the exit.
 */
export function runCli(
	args: string[],
	env?: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string; json: string; quietestMs: number; tookMs: number }>;
