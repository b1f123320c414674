export { AgentPlatformClient } from './AgentPlatformClient';
export type { ClientOptions } from './AgentPlatformClient';
export { apiPathProblem } from './apiPath';
export { FALLBACK_PAGE_SIZE, FIRST_PAGE_REQUEST, pageSizeFrom } from './pager';
export { CREDENTIAL_TYPE } from './transport';
export { DEFAULT_BASE_URL } from './baseUrl';
export type { ListEnvelope } from './envelope';
