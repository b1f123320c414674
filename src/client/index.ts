export { AgentPlatformClient } from './AgentPlatformClient';
export type { ClientOptions } from './AgentPlatformClient';
export { apiPathProblem } from './apiPath';
export { anchorCount } from './pager';
export type { ScanPage, ScanStart } from './pager';
export { isApiError } from './errors';
export { CREDENTIAL_TYPE } from './transport';
export { testAgentPlatformCredential } from './credentialTest';
export { normalizeBaseUrl } from './baseUrl';
