/** Tests are TypeScript, transpiled per file (type checking is `npm run typecheck`). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/queue/'],
	// test/harness/jestTransform.js: ts-jest, with the built-ins bound to module variables (see there why);
	// axios, which every request through n8n's helpers runs, gets the binding alone.
	transform: {
		'^.+\\.ts$': ['<rootDir>/test/harness/jestTransform.js', { tsconfig: 'tsconfig.test.json' }],
		'/node_modules/axios/dist/node/axios\\.cjs$': ['<rootDir>/test/harness/jestTransform.js', { tsconfig: 'tsconfig.test.json' }],
	},
	transformIgnorePatterns: ['/node_modules/(?!axios/dist/node/axios\\.cjs$)'],
	testTimeout: 30000,
	// Jest's default is one worker fewer than the cores: one on a 2-core machine. Much of the suite
	// waits on sockets and the sandbox rather than the CPU, so a worker per core finishes sooner.
	maxWorkers: '100%',
	setupFiles: ['<rootDir>/test/harness/quietN8nLogger.js'],
};
