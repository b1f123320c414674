// LangChain's message classes, as n8n's AI Agent hands them to a memory's chat history. Plain JS
// because the strict lint allows a .ts file to import only what a community node may import at
// runtime; the tests need these to act as the agent does.
'use strict';
const { AIMessage, HumanMessage, ToolMessage } = require('@langchain/core/messages');

module.exports = { AIMessage, HumanMessage, ToolMessage };
