/**
 * A credentials helper for tests that authenticates requests the way n8n's own does: a generic
 * `authenticate` block has its `={{$credentials.x}}` expressions resolved by n8n-workflow's real
 * expression engine and set on the request. Credentials are held in memory instead of a database.
 */
import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
} from 'n8n-workflow';

/**
 * The authenticate block's expressions, resolved by n8n's engine once per credential value: they read
 * only `$credentials`, so the same credentials give the same headers, and a suite's tens of thousands
 * of requests do not each pay for a new expression context (a few hundred microseconds inside Jest).
 */
const resolved = new Map<string, unknown>();
const MAX_RESOLVED = 64;

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Map<string, ICredentialType>,
		private readonly data: Map<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.types.get(typeName);
		const auth = type?.authenticate;
		if (!auth) return requestOptions;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		const resolve = (value: unknown) => {
			if (typeof value !== 'string' || !value.startsWith('=')) return value;
			const key = `${typeName}\n${JSON.stringify(credentials)}\n${value}`;
			if (!resolved.has(key)) {
				if (resolved.size >= MAX_RESOLVED) resolved.clear();
				resolved.set(key, workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }));
			}
			return resolved.get(key);
		};
		const out = { ...requestOptions } as unknown as Record<string, Record<string, unknown>>;
		for (const [section, entries] of Object.entries(auth.properties)) {
			out[section] = { ...(out[section] ?? {}) };
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
				out[section][String(resolve(key))] = resolve(value);
			}
		}
		return out as unknown as IHttpRequestOptions;
	}

	/** Our credential has no pre-authentication step (no token exchange). */
	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types.get(type)?.properties ?? [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data.get(type);
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return { ...data };
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		return new Credentials(nodeCredentials, type, '');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getOAuth2Options() {
		return undefined;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}
