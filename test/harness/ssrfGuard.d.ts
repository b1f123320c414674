export function setSsrfProtection(settings: { enabled: boolean; allowedIpRanges?: string[]; allowedHostnames?: string[]; blockedHostnames?: string[] }): void;
