/** A wait in words, for errors, log lines and hints: "0.4 s", "12 s", "3 min", "1 h". */
export function duration(ms: number): string {
	const minutes = Math.round(ms / 60_000);
	if (minutes >= 60) return `${+(minutes / 60).toFixed(1)} h`;
	if (minutes >= 2) return `${minutes} min`;
	if (ms >= 10_000) return `${Math.round(ms / 1000)} s`;
	return `${+(ms / 1000).toFixed(1)} s`;
}
