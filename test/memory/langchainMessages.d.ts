export interface ToolCall {
	id: string;
	name: string;
	args: Record<string, unknown>;
	type: 'tool_call';
}

export declare class HumanMessage {
	constructor(content: string);
}

export declare class AIMessage {
	constructor(fields: string | { content: string; tool_calls?: ToolCall[] });
}

export declare class ToolMessage {
	constructor(fields: { content: string; tool_call_id: string; name?: string; status?: 'success' | 'error' });
}
