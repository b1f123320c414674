// n8n's SSRF protection inside the test process, as the N8N_SSRF_* settings configure it in n8n
// (@n8n/backend-network's SsrfProtectionService, which n8n-core's HTTP helpers consult before every
// request). The modules are the very copies n8n-core loads (resolved from n8n-core, then from
// @n8n/backend-network), so the guard the tests switch on is the one the node's requests meet.
// Plain JavaScript: the strict lint allows a .ts test to import only the package's devDependencies.
'use strict';
const from = (request, parent) => require(require.resolve(request, { paths: [require.resolve(parent)] }));

const network = from('@n8n/backend-network', 'n8n-core');
const networkDir = require.resolve('@n8n/backend-network', { paths: [require.resolve('n8n-core')] });
const { Container } = from('@n8n/di', networkDir);
const { SsrfProtectionConfig } = from('@n8n/config', networkDir);
const { Logger } = from('@n8n/backend-common', networkDir);

/**
 * Sets n8n's SSRF settings (N8N_SSRF_PROTECTION_ENABLED, N8N_SSRF_ALLOWED_IP_RANGES,
 * N8N_SSRF_ALLOWED_HOSTNAMES, N8N_SSRF_BLOCKED_HOSTNAMES) and rebuilds the services that read them when built, as a restart of
 * n8n would.
 */
function setSsrfProtection({ enabled, allowedIpRanges = [], allowedHostnames = [], blockedHostnames = [] }) {
	const config = Container.get(SsrfProtectionConfig);
	Object.assign(config, { enabled, allowedIpRanges, allowedHostnames, blockedHostnames });
	const logger = Container.get(Logger);
	const guard = new network.SsrfProtectionService(config, Container.get(network.DnsResolver), logger);
	Container.set(network.SsrfProtectionService, guard);
	Container.set(network.OutboundHttp, new network.OutboundHttp(guard, config, logger));
}

module.exports = { setSsrfProtection };
