/** The report as a terminal table: one row per choice; a difference also says what was expected and where the choice is held. */
import type { Report, Row } from './rows';

const STATUS_WIDTH = 'unchecked'.length;
/** Longer `seen` texts wrap onto continuation lines at this width, so a row stays readable in 120 columns. */
const SEEN_WIDTH = 80;

function wrap(text: string, width: number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(' ')) {
		if (line && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else line = line ? `${line} ${word}` : word;
	}
	return [...lines, line];
}

export function renderTable(report: Report): string {
	const idWidth = Math.max(...report.rows.map((r) => r.id.length), 'choice'.length);
	const indent = ' '.repeat(idWidth + STATUS_WIDTH + 4);
	const line = (row: Row) => {
		const notes = row.status === 'differs' ? [`expected: ${row.expected}`, `choice held at ${row.where}`] : [];
		const [first, ...rest] = [row.seen, ...notes].flatMap((text) => wrap(text, SEEN_WIDTH));
		return [`${row.id.padEnd(idWidth)}  ${row.status.padEnd(STATUS_WIDTH)}  ${first}`, ...rest.map((text) => indent + text)].join('\n');
	};
	const counts = ['confirmed', 'differs', 'unchecked'].map((status) => `${report.rows.filter((r) => r.status === status).length} ${status}`);
	const header = `${'choice'.padEnd(idWidth)}  ${'status'.padEnd(STATUS_WIDTH)}  seen`;
	return [header, '-'.repeat(header.length + SEEN_WIDTH - 4), ...report.rows.map(line), '', `${counts.join(', ')}; ${report.requests} requests (at most ${report.budget})`].join('\n');
}
