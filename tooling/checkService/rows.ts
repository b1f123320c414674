/**
 * One row of the report per choice of the project: what it expects of the service, what the service
 * did, and where in the repository the choice is held (docs/spec-choices.md names each row's id).
 */
export type Status = 'confirmed' | 'differs' | 'unchecked';

/** The place that holds a choice: the first line of `file` that holds `find`. */
export interface Where {
	file: string;
	find: string;
}

/** A check's finding, before `where` is resolved to a line. */
export interface Finding {
	/** Stable: scripts and docs/spec-choices.md name rows by it. */
	id: string;
	status: Status;
	expected: string;
	/** What the service did; for `unchecked`, why it could not be told. */
	seen: string;
	where: Where;
}

/** The report's row, as printed and as `--json` writes it. */
export interface Row {
	id: string;
	status: Status;
	expected: string;
	seen: string;
	/** `file:line` of the project that holds the choice. */
	where: string;
}

export const finding = (id: string, where: Where, expected: string) => ({
	confirmed: (seen: string): Finding => ({ id, status: 'confirmed', expected, seen, where }),
	differs: (seen: string): Finding => ({ id, status: 'differs', expected, seen, where }),
	unchecked: (why: string): Finding => ({ id, status: 'unchecked', expected, seen: why, where }),
	/** `confirmed` when `holds`, else `differs`, with the same words for what was seen. */
	judged: (holds: boolean, seen: string): Finding => ({ id, status: holds ? 'confirmed' : 'differs', expected, seen, where }),
});

export interface Report {
	rows: Row[];
	/** Requests sent (attempts, a 429's repeat included). */
	requests: number;
	/** The most the run may send (run.ts's requestBudget). */
	budget: number;
}
