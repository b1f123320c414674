/**
 * A promise's value or its error, for the places that handle one API error and pass the rest on
 * (the strict lint forbids re-throwing from a catch clause).
 */
export async function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
	return await promise.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
}
