/** The API's six error codes and the error the handlers throw to produce them. */
export const ERROR_STATUS = {
	bad_request: 400,
	unauthorized: 401,
	forbidden: 403,
	not_found: 404,
	rate_limit_exceeded: 429,
	internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
	readonly status: number;

	constructor(
		readonly code: ErrorCode,
		message: string,
	) {
		super(message);
		this.status = ERROR_STATUS[code];
	}
}

export const notFound = (what: string, id: string) =>
	new ApiError('not_found', `${what} "${id}" was not found in this organization`);

export const badRequest = (field: string, problem: string) =>
	new ApiError('bad_request', `Invalid "${field}": ${problem}`);
