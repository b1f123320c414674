/**
 * The memory's messages as n8n's Logs panel shows them.
 *
 * The editor reads a memory's output as LangChain messages and shows each as `Human:` / `AI:` and
 * its content read as a string, as n8n's own memories hand it. The SDK's adapter (supplyMemory)
 * builds every message with its content as a list of parts, which the panel shows as
 * "[object Object]", and hands the model and the log the very same messages. A list of text parts
 * is, to every chat model, the same as its text as a string: so a message whose parts are all text
 * gets its text as a string, and the panel shows what the model was given. An assistant message
 * that only calls tools (no text) gets, for the model, the words n8n's AI Agent writes for such a
 * message, "Calling <tool> with input: {…}". A message with any other part (a file) is left as the
 * SDK built it.
 *
 * A remembered tool call is, for the model, a call with its id and a result with the summary's
 * JSON: it needs both. The log shows it in words instead ("Called Search_facts (text: refund) →
 * 3 facts", then the IDs the result held), with no call ids: each such message is given a `toJSON`,
 * which is what the log (the execution's run data, stored and sent to the editor as JSON) reads of
 * a LangChain message, while the model reads its fields.
 *
 * Why the adapter's methods are replaced here: @n8n/ai-node-sdk offers no way to shape what the
 * log shows. It exports supplyMemory, which wraps its own adapter in n8n's logWrapper, and nothing
 * else for memories (no logWrapper, no log option; n8n's own memories call logWrapper from
 * @n8n/ai-utilities, which a community package cannot import). So the adapter's two readers are
 * replaced on the instance (loadMemoryVariables for the agent, chatHistory's getMessages for the
 * log after a save and n8n's Chat Memory Manager). If a future SDK has another shape, nothing is
 * replaced and n8n's log says so once (a warning naming the missing part), rather than the Logs
 * panel going back to "[object Object]" in silence; test/memory/logsPanel.test.ts checks the
 * installed SDK's shape, so a changed SDK fails there first.
 */
import type { IDataObject, SupplyData } from 'n8n-workflow';
import { callWords, keptSummary, resultIds } from './toolCallWords';

interface LcToolCall {
	id?: unknown;
	name?: unknown;
	args?: unknown;
}

interface LcMessage {
	content: unknown;
	tool_calls?: LcToolCall[];
	tool_call_id?: unknown;
	toJSON?: () => unknown;
}

interface LcMemory {
	loadMemoryVariables(values: IDataObject): Promise<{ chat_history?: unknown }>;
	chatHistory?: { getMessages?: () => Promise<unknown> };
}

/** The supplied memory, its messages shown as words in the Logs panel. `warn` goes to n8n's log. */
export function readableInLogs(supplied: SupplyData, warn: (message: string) => void): SupplyData {
	const memory = supplied.response as LcMemory | undefined;
	// The unwrapped method, from the adapter's class: the supplied memory is n8n's logging proxy
	// around the adapter, and what is set on the proxy is set on the adapter, inside the logging.
	const load = (memory && (Object.getPrototypeOf(memory) as Partial<LcMemory>))?.loadMemoryVariables;
	const history = memory?.chatHistory;
	const getMessages = history?.getMessages;
	const missing = [typeof load === 'function' ? undefined : 'loadMemoryVariables', typeof getMessages === 'function' ? undefined : 'chatHistory.getMessages'].filter(Boolean);
	if (missing.length > 0) {
		warn(
			`Agent Platform Memory: the AI node SDK's memory has no ${missing.join(' or ')} (it changed shape), so n8n's Logs panel shows the memory's messages as the SDK builds them. The memory itself works; update the package.`,
		);
	}
	if (typeof load === 'function') {
		memory!.loadMemoryVariables = async function (this: LcMemory, values: IDataObject) {
			const variables = await load.call(this, values);
			readable(variables?.chat_history);
			return variables;
		};
	}
	if (history && typeof getMessages === 'function') {
		history.getMessages = async () => readable(await getMessages.call(history));
	}
	return supplied;
}

/**
 * Gives each message whose parts are all text its text as a string, and each tool call and result
 * its words for the log (in place: the log holds these objects).
 */
export function readable<T>(messages: T): T {
	if (!Array.isArray(messages)) return messages;
	const lcMessages = (messages as unknown[]).filter((message): message is LcMessage => typeof message === 'object' && message !== null && 'content' in message);
	const results = new Map<string, string>();
	for (const message of lcMessages) {
		if (typeof message.tool_call_id === 'string' && typeof message.content === 'string') results.set(message.tool_call_id, message.content);
	}
	for (const message of lcMessages) {
		textContent(message);
		if (message.tool_calls?.length) {
			const words = message.tool_calls.map((call) => {
				const result = typeof call.id === 'string' ? results.get(call.id) : undefined;
				const id = typeof call.id === 'string' ? call.id : undefined;
				return callWords({ name: String(call.name), id, args: call.args }, result === undefined ? undefined : keptSummary(result), result !== undefined);
			});
			const text = typeof message.content === 'string' && !message.content.startsWith('Calling ') ? message.content : '';
			showInLog(message, [text, ...words].filter((line) => line !== '').join('\n'));
		} else if (typeof message.tool_call_id === 'string' && typeof message.content === 'string') {
			const summary = keptSummary(message.content);
			if (summary !== undefined) {
				const ids = resultIds(summary);
				showInLog(message, ids === '' ? 'The result kept no IDs.' : `The result held ${ids}.`);
			}
		}
	}
	return messages;
}

/** A message whose parts are all text gets its text as a string; one that only calls tools, n8n's words for it. */
function textContent(message: LcMessage): void {
	if (!Array.isArray(message.content)) return;
	const parts = message.content as unknown[];
	if (!parts.every(isTextPart)) return;
	const text = parts.map((part) => part.text).join('');
	message.content = text === '' && message.tool_calls?.length ? message.tool_calls.map(callingText).join('\n') : text;
}

/**
 * What the log reads of the message: its own serialized form with `words` as its content and
 * without the call ids (tool_calls, tool_call_id). Set only on a message that serializes as
 * LangChain's messages do (`lc`, `kwargs`); another shape is left as it is.
 */
function showInLog(message: LcMessage, words: string): void {
	const own = message.toJSON;
	if (typeof own !== 'function') return;
	Object.defineProperty(message, 'toJSON', {
		configurable: true,
		enumerable: false,
		value: () => {
			const serialized = own.call(message) as { lc?: unknown; kwargs?: IDataObject };
			if (typeof serialized !== 'object' || serialized === null || typeof serialized.lc !== 'number' || typeof serialized.kwargs !== 'object') return serialized;
			const kwargs: IDataObject = { ...serialized.kwargs, content: words, additional_kwargs: {} };
			for (const callIds of ['tool_calls', 'tool_call_id', 'invalid_tool_calls']) delete kwargs[callIds];
			return { ...serialized, kwargs };
		},
	});
}

const isTextPart = (part: unknown): part is { type: 'text'; text: string } =>
	typeof part === 'object' && part !== null && (part as IDataObject).type === 'text' && typeof (part as IDataObject).text === 'string';

/** The text n8n's AI Agent gives an assistant message that calls a tool. */
const callingText = (call: LcToolCall) => `Calling ${String(call.name)} with input: ${JSON.stringify(call.args ?? {})}`;
