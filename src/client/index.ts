export { AgentPlatformClient, FIRST_PAGE_REQUEST } from './AgentPlatformClient';
export type { CallParams, ClientOptions, ListParams, RawRequestParams } from './AgentPlatformClient';
export { CREDENTIAL_TYPE } from './transport';
export type { ClientContext } from './transport';
export { DEFAULT_BASE_URL, normalizeBaseUrl } from './baseUrl';
export { HINTS } from './errors';
export type { ListEnvelope } from './envelope';
