export { AgentPlatformClient } from './AgentPlatformClient';
export type { CallParams, ClientOptions, ListParams, RawRequestParams } from './AgentPlatformClient';
export { apiPathProblem } from './apiPath';
export { FALLBACK_PAGE_SIZE, FIRST_PAGE_REQUEST, pageSizeFrom } from './pager';
export { CREDENTIAL_TYPE } from './transport';
export type { ClientContext } from './transport';
export { DEFAULT_BASE_URL, normalizeBaseUrl } from './baseUrl';
export type { ListEnvelope } from './envelope';
