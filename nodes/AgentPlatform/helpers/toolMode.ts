/**
 * The tool variant n8n makes of this node (Agent Platform Tool) shows only what a tool needs: the
 * parameters an AI model can fill (IDs, search text, Limit, fields) and the output choice. Options
 * about how many items go at once or whether a list is read to its end are hidden there with n8n's
 * `@tool` display condition (n8n 2.x; n8n 1.x has no such condition and shows them), so their
 * defaults apply, which suit a model: writes one at a time in order, lists that stop at Limit.
 * n8n drops the value of a hidden parameter when it runs the node, so an older workflow that set
 * one on a tool runs with the default too.
 */
import type { IDisplayOptions } from 'n8n-workflow';

export function hiddenInToolMode(displayOptions: IDisplayOptions = {}): IDisplayOptions {
	return { ...displayOptions, hide: { ...displayOptions.hide, '@tool': [true] } };
}
