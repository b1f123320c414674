// A small OpenAI-compatible chat model for the end-to-end suite (test tooling, never shipped):
// n8n's OpenAI Chat Model node points at it through its credential's Base URL. Its answers are
// deterministic, and it records every request, so a test can read the exact prompt n8n sent.
//
//   POST /v1/chat/completions   (plain JSON, or server-sent events when the request streams)
//   GET  /v1/models             (what the node's model list asks for in the editor)
//
// The script it follows, read from the conversation it receives:
// - the last message is a tool result: an answer made from it, as a model would word one (see
//   answerFrom): "Using <name>, I found 2 results: fact_0012: “Refund window is 30 days”; …." for
//   what the tool returned as JSON, its text otherwise ("Using <name>, I deleted fact_0004." for
//   what a delete returns; "I did not run <name>: it was declined in the review…" for what n8n's
//   human review returns in a declined tool's place); or "Done: I used <name>." when the user's
//   message began with "quietly " (so the answer does not repeat what the tool returned);
// - the user writes "use <tool name>: <text>" (or "quietly use …") and that tool is offered: a call
//   of that tool, every string argument of its schema set to <text> (also inside nested objects);
// - the user writes "use <tool name> with the <prefix> ID from before": the first ID starting with
//   <prefix> in an earlier tool message of the conversation (what memory gave back), and a call of
//   that tool with it as above; "I know no <prefix> ID from before." when there is none;
// - anything else: "You said: <message>. Earlier in this chat you said: <earlier user messages, or
//   nothing>. I was given <n> background facts."
// where background facts are the lines starting "- [" in user messages before the conversation.
//
// Plain .mjs like the rest of the suite: it needs node:http, which the strict lint forbids in .ts.
import http from 'node:http';

/** The text of a chat message's content (a string or an array of parts). */
export function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('');
	return '';
}

/** Fields that say what a returned item is, in the order a person would read them. */
const LABEL_FIELDS = ['content', 'title', 'agent_name', 'name', 'email', 'url', 'description', 'status', 'message'];
const SHOWN_ITEMS = 3;

/** `text` cut at a word before `max` characters, with "…" when cut. */
function cut(text, max) {
	const flat = String(text).replace(/\s+/g, ' ').trim();
	if (flat.length <= max) return flat;
	const head = flat.slice(0, max);
	return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** One returned item as a person would name it: its ID and what it says. */
function describeItem(item) {
	if (item === null || typeof item !== 'object') return cut(JSON.stringify(item), 80);
	const found = LABEL_FIELDS.map((field) => item[field]).find((value) => typeof value === 'string' && value.trim() !== '');
	// Quoted inside a sentence: without a full stop of its own.
	const label = found?.trim().replace(/\.$/, '');
	const id = typeof item.id === 'string' ? item.id : undefined;
	if (id && label) return `${id}: “${cut(label, 80)}”`;
	return id ?? (label ? `“${cut(label, 80)}”` : cut(JSON.stringify(item), 80));
}

/** The answer a model gives from a tool's result: what it found, in words, never raw JSON cut off. */
export function answerFrom(name, text) {
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		return `Using ${name}: ${cut(text, 300)}`;
	}
	if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.error === 'string') return `${name} failed: ${cut(value.error, 300)}`;
	const unwrapped = value && typeof value === 'object' && !Array.isArray(value) && Array.isArray(value.data) ? value.data : value;
	const items = (Array.isArray(unwrapped) ? unwrapped : [unwrapped]).map((item) => (item && typeof item === 'object' && item.json && typeof item.json === 'object' ? item.json : item));
	if (items.length === 0) return `Using ${name}, I found nothing that matches.`;
	// What n8n's human review answers in the tool's place when the person declines (or does not answer).
	const declined = items.length === 1 && typeof items[0]?.output === 'string' && /^User rejected the tool call\b/.test(items[0].output);
	if (declined) return `I did not run ${name}: it was declined in the review, so nothing changed.`;
	if (items.every((item) => item?.deleted === true && typeof item.id === 'string')) return `Using ${name}, I deleted ${items.map((item) => item.id).join(', ')}.`;
	const shown = items.slice(0, SHOWN_ITEMS).map(describeItem).join('; ');
	const more = items.length > SHOWN_ITEMS ? `, and ${items.length - SHOWN_ITEMS} more` : '';
	return `Using ${name}, I found ${items.length} result${items.length === 1 ? '' : 's'}: ${shown}${more}.`;
}

/**
 * Arguments for a tool's JSON schema: every string property set to `text`, at any depth. n8n's
 * human review for tools wraps a gated tool's own schema in an object ({ toolParameters: {…},
 * hitlParameters: {…} }), which a model fills like any nested object; the review reads toolParameters.
 */
function fill(schema, text) {
	const properties = schema?.properties ?? {};
	return Object.fromEntries(
		Object.entries(properties).flatMap(([name, property]) => {
			if (property.type === 'string') return [[name, text]];
			if (property.type === 'object') return [[name, fill(property, text)]];
			return [];
		}),
	);
}

/** What the script answers for one request: { content } or { toolCall: { name, arguments } }. */
export function reply(body) {
	const messages = Array.isArray(body.messages) ? body.messages : [];
	const last = messages[messages.length - 1];
	const users = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
	const message = users[users.length - 1] ?? '';
	if (last?.role === 'tool') {
		const call = messages
			.flatMap((m) => m.tool_calls ?? [])
			.find((c) => c.id === last.tool_call_id);
		const name = call?.function?.name ?? 'unknown';
		if (message.startsWith('quietly ')) return { content: `Done: I used ${name}.` };
		return { content: answerFrom(name, textOf(last.content)) };
	}
	const offered = (name) => (body.tools ?? []).find((t) => t.function?.name === name);
	const callWith = (tool, text) => ({ toolCall: { name: tool.function.name, arguments: JSON.stringify(fill(tool.function.parameters, text)) } });
	const use = /^(?:quietly )?use ([\w-]+): (.+)$/s.exec(message.trim());
	if (use && offered(use[1])) return callWith(offered(use[1]), use[2]);
	const again = /^use ([\w-]+) with the (\w+) ID from before$/.exec(message.trim());
	if (again) {
		const earlier = messages.filter((m) => m.role === 'tool').map((m) => textOf(m.content));
		const id = earlier.map((text) => new RegExp(`\\b${again[2]}[A-Za-z0-9]+`).exec(text)?.[0]).find(Boolean);
		if (!id) return { content: `I know no ${again[2]} ID from before.` };
		if (offered(again[1])) return callWith(offered(again[1]), id);
	}
	const background = users.slice(0, -1).filter((text) => text.split('\n').some((line) => line.startsWith('- [')));
	const earlier = users.slice(0, -1).filter((text) => !background.includes(text));
	const facts = background.flatMap((text) => text.split('\n').filter((line) => line.startsWith('- ['))).length;
	const said = earlier.length > 0 ? earlier.map((text) => `"${text}"`).join(', ') : 'nothing';
	return { content: `You said: "${message}". Earlier in this chat you said: ${said}. I was given ${facts} background facts.` };
}

function completion(body, answer, n) {
	const message = answer.toolCall
		? { role: 'assistant', content: null, tool_calls: [{ id: `call_${n}`, type: 'function', function: answer.toolCall }] }
		: { role: 'assistant', content: answer.content };
	return {
		id: `chatcmpl-fake-${n}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: body.model ?? 'fake-model',
		choices: [{ index: 0, message, finish_reason: answer.toolCall ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

/** The same answer as server-sent chunks, for a request with `stream: true`. */
function chunks(body, answer, n) {
	const base = { id: `chatcmpl-fake-${n}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model ?? 'fake-model' };
	const delta = answer.toolCall
		? { role: 'assistant', tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: answer.toolCall }] }
		: { role: 'assistant', content: answer.content };
	return [
		{ ...base, choices: [{ index: 0, delta, finish_reason: null }] },
		{ ...base, choices: [{ index: 0, delta: {}, finish_reason: answer.toolCall ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } },
	];
}

/** Starts the server on 127.0.0.1; `requests` holds every chat completion request body, in order. */
export async function startFakeModel({ port = 0 } = {}) {
	const requests = [];
	const server = http.createServer((req, res) => {
		const parts = [];
		req.on('data', (chunk) => parts.push(chunk));
		req.on('end', () => {
			const send = (status, json) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(json));
			};
			const path = (req.url ?? '').split('?')[0];
			if (req.method === 'GET' && path === '/v1/models') return send(200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'test' }] });
			if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } });
			let body;
			try {
				body = JSON.parse(Buffer.concat(parts).toString('utf8'));
			} catch {
				return send(400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
			}
			requests.push(body);
			const answer = reply(body);
			if (!body.stream) return send(200, completion(body, answer, requests.length));
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			for (const chunk of chunks(body, answer, requests.length)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
			res.end('data: [DONE]\n\n');
		});
	});
	await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${server.address().port}/v1`;
	return {
		url,
		requests,
		stop: () => new Promise((resolve) => server.close(resolve)),
	};
}
