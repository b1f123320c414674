/**
 * What every node's description and methods begin with: the package's icon, the credential and the
 * credential test.
 */
import type { Icon, INodeTypeDescription } from 'n8n-workflow';
import { CREDENTIAL_TYPE, testAgentPlatformCredential } from '../../src/client';

/**
 * The package's one brand icon, light and dark, as every node shows it. n8n's loader resolves the
 * path from the node's own file, and every node sits two folders below the package root
 * (nodes/<Node>/<Node>.node.ts); the package check (gulpfile.js) resolves it from each built node
 * the same way.
 */
export const NODE_ICON: Icon = { light: 'file:../../icons/agentPlatform.svg', dark: 'file:../../icons/agentPlatform.dark.svg' };

/** The credential test's name, as each node's `testedBy` names it. */
const CREDENTIAL_TEST = 'agentPlatformApiTest';

/**
 * A node's description, its credential entry held to CREDENTIAL_TYPE and CREDENTIAL_TEST. Each node
 * spells the entry out, `[{ name: 'agentPlatformApi', required: true, testedBy: 'agentPlatformApiTest' }]`,
 * because n8n's lint and verification scanner (credential-test-required) count a credential without
 * its own `test` as tested only where a node file writes both names as text: with the constants in
 * their place the package fails its lint.
 */
export type NodeDescription = INodeTypeDescription & {
	credentials: [{ name: typeof CREDENTIAL_TYPE; required: true; testedBy: typeof CREDENTIAL_TEST }];
};

/** Each node's `methods.credentialTest`: n8n may ask any node that uses the credential to test it. */
export const credentialTest = { [CREDENTIAL_TEST]: testAgentPlatformCredential };
