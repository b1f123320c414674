// The editor's chat (the panel under a workflow with a Chat Trigger), driven the way n8n 2.41's
// editor drives it, so "write … in the chat" in the tour is tested as a person does it:
// 1. POST /rest/workflows/:id/run with the Chat Trigger and a chat session: a manual run that waits
//    for the chat's test webhook;
// 2. the message POSTed to /webhook-test/<workflow id>/<session id>;
// 3. a Chat Trigger answering with its last node returns the answer there; one answering with Chat
//    nodes ("Using Response Nodes", which human review needs) returns the execution, whose messages
//    come over n8n's /chat websocket, which also resumes the run after each message a Chat node sends.
// Approve / Decline are links the editor opens with fetch. n8n ignores them when the client's user
// agent says it is a bot (its guard against link previews approving), so they are opened as a
// browser opens them.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'undici';
import { eventually } from './helpers.mjs';

const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const CHAT_TRIGGER = '@n8n/n8n-nodes-langchain.chatTrigger';

/** A chat session in the editor of workflow `workflowId`; `send` starts one manual run per message. */
export async function openEditorChat(stack, workflowId) {
	const { api } = stack;
	const workflow = await api.rest('GET', `/workflows/${workflowId}`);
	const trigger = workflow.nodes.find((n) => n.type === CHAT_TRIGGER);
	if (!trigger) throw new Error(`workflow ${workflowId} has no Chat Trigger`);
	const sessionId = randomUUID().replace(/-/g, '');
	return {
		sessionId,
		/**
		 * Sends `chatInput` as the editor does. Returns { output } for a chat answered by its last
		 * node, or a Conversation (below) for one answered by Chat nodes.
		 */
		async send(chatInput) {
			const started = await api.rest('POST', `/workflows/${workflowId}/run`, { workflowId, startNodes: [], triggerToStartFrom: { name: trigger.name }, chatSessionId: sessionId });
			if (started.waitingForWebhook !== true) throw new Error(`the manual run did not wait for the chat: ${JSON.stringify(started)}`);
			const res = await fetch(`${stack.n8n.url}/webhook-test/${workflowId}/${sessionId}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', cookie: api.cookie },
				body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
			});
			const text = await res.text();
			if (!res.ok) throw new Error(`the chat's test webhook answered ${res.status}: ${text}`);
			const body = JSON.parse(text);
			if (!body.executionStarted) return body;
			return await Conversation.connect(stack.n8n.url, { sessionId, executionId: body.executionId, resumeToken: body.resumeToken });
		},
	};
}

/** One run's messages over n8n's chat websocket, as the editor's chat panel receives them. */
class Conversation {
	static async connect(n8nUrl, { sessionId, executionId, resumeToken }) {
		const url = new URL('/chat', n8nUrl.replace(/^http/, 'ws'));
		url.search = new URLSearchParams({ sessionId, executionId, isPublic: 'true', ...(resumeToken ? { token: resumeToken } : {}) }).toString();
		const conversation = new Conversation(new WebSocket(url), executionId);
		await new Promise((resolve, reject) => {
			conversation.socket.addEventListener('open', resolve, { once: true });
			conversation.socket.addEventListener('error', () => reject(new Error(`the chat websocket ${url} did not open`)), { once: true });
		});
		return conversation;
	}

	constructor(socket, executionId) {
		this.socket = socket;
		this.executionId = executionId;
		/** Every message the run sent into the chat, parsed when JSON (a review is { type: 'with-buttons', text, buttons }). */
		this.messages = [];
		this.read = 0;
		socket.addEventListener('message', ({ data }) => {
			const text = String(data);
			if (text === 'n8n|heartbeat') return socket.send('n8n|heartbeat-ack');
			if (text === 'n8n|continue') return undefined;
			let message;
			try {
				message = JSON.parse(text);
			} catch {
				message = { type: 'message', text };
			}
			this.messages.push(message);
			return undefined;
		});
	}

	/** The next message the run sends into the chat (n8n looks for one every 3 s). */
	async next(timeoutMs = 30_000) {
		const message = await eventually(() => this.messages[this.read], `message ${this.read + 1} of execution ${this.executionId} in the chat`, timeoutMs);
		this.read += 1;
		return message;
	}

	/** Presses a button of a review message, as the editor does (a GET of its link from the browser). */
	async press(review, label) {
		const button = review.buttons?.find((b) => b.text === label);
		if (!button) throw new Error(`no "${label}" button in ${JSON.stringify(review)}`);
		const res = await fetch(button.link, { headers: { 'user-agent': BROWSER_USER_AGENT } });
		if (!res.ok) throw new Error(`"${label}" answered ${res.status}: ${await res.text()}`);
	}

	close() {
		this.socket.close();
	}
}
