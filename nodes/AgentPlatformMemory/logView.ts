/**
 * The memory's messages as n8n's Logs panel shows them.
 *
 * The editor reads a memory's output as LangChain messages and shows each as `Human:` / `AI:` and
 * its content read as a string, as n8n's own memories hand it. The SDK's adapter (supplyMemory)
 * builds every message with its content as a list of parts, which the panel shows as
 * "[object Object]", and hands the model and the log the very same messages. A list of text parts
 * is, to every chat model, the same as its text as a string: so a message whose parts are all text
 * gets its text as a string, and the panel shows what the model was given. An assistant message
 * that only calls tools (no text) says so in the words n8n's AI Agent writes for such a message,
 * "Calling <tool> with input: {…}"; a tool result is already a string. A message with any other
 * part (a file) is left as the SDK built it.
 *
 * Only the adapter's two readers are wrapped (loadMemoryVariables for the agent, chatHistory's
 * getMessages for the log after a save and n8n's Chat Memory Manager); a future SDK of another
 * shape is left alone.
 */
import type { IDataObject, SupplyData } from 'n8n-workflow';

interface LcMessage {
	content: unknown;
	tool_calls?: Array<{ name?: unknown; args?: unknown }>;
}

interface LcMemory {
	loadMemoryVariables(values: IDataObject): Promise<{ chat_history?: unknown }>;
	chatHistory?: { getMessages?: () => Promise<unknown> };
}

/** The supplied memory, its messages' text shown as text in the Logs panel. */
export function readableInLogs(supplied: SupplyData): SupplyData {
	const memory = supplied.response as LcMemory | undefined;
	// The unwrapped method, from the adapter's class: the supplied memory is n8n's logging proxy
	// around the adapter, and what is set on the proxy is set on the adapter, inside the logging.
	const load = (memory && (Object.getPrototypeOf(memory) as Partial<LcMemory>))?.loadMemoryVariables;
	if (typeof load === 'function') {
		memory!.loadMemoryVariables = async function (this: LcMemory, values: IDataObject) {
			const variables = await load.call(this, values);
			textContent(variables?.chat_history);
			return variables;
		};
	}
	const history = memory?.chatHistory;
	const getMessages = history?.getMessages;
	if (history && typeof getMessages === 'function') {
		history.getMessages = async () => textContent(await getMessages.call(history));
	}
	return supplied;
}

/** Gives each message whose parts are all text its text as a string (in place: the log holds these objects). */
export function textContent<T>(messages: T): T {
	if (!Array.isArray(messages)) return messages;
	for (const message of messages as unknown[]) {
		if (typeof message !== 'object' || message === null || !Array.isArray((message as LcMessage).content)) continue;
		const lc = message as LcMessage;
		const parts = lc.content as unknown[];
		if (!parts.every(isTextPart)) continue;
		const text = parts.map((part) => part.text).join('');
		lc.content = text === '' && lc.tool_calls?.length ? lc.tool_calls.map(callingText).join('\n') : text;
	}
	return messages;
}

const isTextPart = (part: unknown): part is { type: 'text'; text: string } =>
	typeof part === 'object' && part !== null && (part as IDataObject).type === 'text' && typeof (part as IDataObject).text === 'string';

/** The text n8n's AI Agent gives an assistant message that calls a tool. */
const callingText = (call: { name?: unknown; args?: unknown }) => `Calling ${String(call.name)} with input: ${JSON.stringify(call.args ?? {})}`;
