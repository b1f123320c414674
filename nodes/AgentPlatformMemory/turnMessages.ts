/**
 * Between the AI Agent's messages and the lines of a turn (turnFact.ts writes the lines).
 *
 * n8n's AI Agent (Tools Agent v3, n8n 2.x) hands a turn that used tools to memory through the chat
 * history's addMessages: the user's message; for each tool call the assistant message that made it
 * and a tool message with the result (the text the model read: for a node used as a tool, the JSON
 * of its output items); then the answer. A turn without tools arrives as the message and the answer
 * (saveTurn). Each user message starts a turn.
 *
 * With Remember Tool Calls off, a turn keeps the user's message and the assistant's answers (not
 * the messages that call tools, nor the results). With it on, it
 * also keeps each call (id, tool, bounded arguments) and a summary of its result (toolSummary.ts),
 * and gives them back as the same kinds of messages, so the ids the model saw survive. Only calls
 * answered by their result before the next message are kept (chat models refuse the rest), at most
 * CALLS_PER_TURN, their lines at most TOOL_CHARS of the fact: the latest, from which the answer
 * was made.
 */
import type { Message } from '@n8n/ai-node-sdk';
import type { Redactor } from './redactor';
import { boundInput, resultText, summarizeResult } from './toolSummary';
import { isTextLine as isText, toolLine, type ToolLine, type TurnLine } from './turnFact';

/** Text messages per fact; a longer run of messages without a user message is split. */
const MAX_TEXT_LINES = 20;
const CALLS_PER_TURN = 10;
/** Half of a fact's content, so the user's message and the answer keep the other half. */
const TOOL_CHARS = 5_000;

/** How the first line of a summary tells the model what it is reading. */
export const SUMMARY_NOTE = 'Kept by memory from this tool result (IDs, names and counts; other fields left out): ';

interface Keeping {
	toolCalls: boolean;
	redactor: Redactor;
}

/** The turns the messages make, each as the lines of one fact. */
export function turnsOf(messages: Message[], keeping: Keeping): TurnLine[][] {
	const turns: TurnLine[][] = [];
	for (const message of messages) {
		const lines = linesOf(message, keeping);
		if (lines.length === 0) continue;
		const current = turns[turns.length - 1];
		const texts = current?.filter(isText).length ?? 0;
		if (!current || message.role === 'user' || (texts >= MAX_TEXT_LINES && isText(lines[0]))) turns.push(lines);
		else current.push(...lines);
	}
	return turns.map((lines) => (keeping.toolCalls ? answeredCallsOnly(lines) : lines)).filter((lines) => lines.length > 0);
}

/** A turn's lines as the messages the model gets; tool lines only when they are remembered. */
export function messagesOf(lines: TurnLine[], toolCalls: boolean): Message[] {
	const messages: Message[] = [];
	for (const line of lines) {
		const last = messages[messages.length - 1];
		if (line.role === 'user' || line.role === 'assistant') {
			messages.push({ role: line.role, content: [{ type: 'text', text: line.text }] });
		} else if (toolCalls && line.role === 'toolCall') {
			const part = { type: 'tool-call' as const, toolCallId: line.call.id, toolName: line.call.name, input: JSON.stringify(line.call.input) };
			// Calls follow the text of the assistant message that made them, or each other.
			if (last?.role === 'assistant') last.content.push(part);
			else messages.push({ role: 'assistant', content: [part] });
		} else if (toolCalls && line.role === 'toolResult') {
			const { id, name, summary, error } = line.result;
			messages.push({ role: 'tool', name, content: [{ type: 'tool-result', toolCallId: id, result: SUMMARY_NOTE + JSON.stringify(summary), isError: error === true }] });
		}
	}
	return messages;
}

function linesOf(message: Message, { toolCalls, redactor }: Keeping): TurnLine[] {
	const lines: TurnLine[] = [];
	const callsTools = message.content.some((part) => part.type === 'tool-call' || part.type === 'invalid-tool-call');
	// Without tool calls, a message that calls tools is left out whole: its text is mostly n8n's
	// "Calling <tool> with input: …", and the answer after the calls is what the turn keeps.
	if (message.role === 'user' || (message.role === 'assistant' && (toolCalls || !callsTools))) {
		// Files and reasoning are left out.
		const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
		if (text.trim() !== '') lines.push({ role: message.role, text: redactor.text(text) });
	}
	if (!toolCalls) return lines;
	for (const part of message.content) {
		if (message.role === 'assistant' && part.type === 'tool-call' && part.toolCallId) {
			lines.push({ role: 'toolCall', call: { id: part.toolCallId, name: part.toolName, input: boundInput(part.input, redactor) } });
		}
		if (message.role === 'tool' && part.type === 'tool-result') {
			const result = { id: part.toolCallId, name: message.name ?? '', summary: summarizeResult(part.result, redactor) };
			lines.push({ role: 'toolResult', result: part.isError === true || isErrorText(part.result) ? { ...result, error: true } : result });
		}
	}
	return lines;
}

/**
 * The lines with only the calls answered by their result before the next text (an id's first call
 * and the result that answers it), the latest CALLS_PER_TURN of them within TOOL_CHARS. A result
 * carries its call's tool name (n8n names a tool message after the tool; the call is what counts).
 */
function answeredCallsOnly(lines: TurnLine[]): TurnLine[] {
	const calls = new Map<string, { at: number; name: string }>();
	const answerAt = new Map<string, number>();
	const open = new Set<string>();
	const named = lines.map((line, i): TurnLine => {
		if (line.role === 'toolCall' && !calls.has(line.call.id)) {
			calls.set(line.call.id, { at: i, name: line.call.name });
			open.add(line.call.id);
		} else if (line.role === 'toolResult' && open.delete(line.result.id)) {
			answerAt.set(line.result.id, i);
			return { role: 'toolResult', result: { ...line.result, name: calls.get(line.result.id)!.name } };
		} else if (isText(line)) {
			open.clear();
		}
		return line;
	});
	const pairAt = (id: string) => [calls.get(id)!.at, answerAt.get(id)!];
	const written = (id: string) => pairAt(id).reduce((sum, i) => sum + toolLine(named[i] as ToolLine).length + 1, 0);
	const kept = [...answerAt.keys()].slice(-CALLS_PER_TURN);
	let chars = kept.reduce((sum, id) => sum + written(id), 0);
	while (kept.length > 0 && chars > TOOL_CHARS) chars -= written(kept.shift()!);
	const keep = new Set(kept.flatMap(pairAt));
	return named.filter((line, i) => isText(line) || keep.has(i));
}

/** n8n hands a failed tool's result on as the JSON {"error": …}. */
const isErrorText = (result: unknown) => /^\{"error":/.test(resultText(result));
