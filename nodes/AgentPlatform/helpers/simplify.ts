/** "Simplify" output: the fields a workflow usually needs, without long text bodies. */
import type { IDataObject } from 'n8n-workflow';

const pick = (item: IDataObject, keys: string[]): IDataObject => {
	const out: IDataObject = {};
	for (const key of keys) if (item[key] !== undefined) out[key] = item[key];
	return out;
};

export const simplifyFact = (fact: IDataObject) => pick(fact, ['id', 'agent_id', 'content', 'tier', 'scope', 'created_at']);

export const simplifyDocument = (doc: IDataObject) => pick(doc, ['id', 'section', 'title', 'version', 'updated_at']);
