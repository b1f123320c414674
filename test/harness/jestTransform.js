/**
 * ts-jest, plus one statement at the top of every module it transforms that binds the built-ins the
 * module uses to module-scope variables; JavaScript files Jest is told to transform (jest.config.js)
 * get that statement alone.
 *
 * Why: Jest runs each test file in a `vm` context, whose global object answers every lookup through
 * Node's interceptors. A global read there (`Math`, `JSON`, `Object`…) costs 100-300 ns instead of
 * one, and hot loops pay it every iteration: hashing a 4 KB id with `Math.imul` ran 35 times slower
 * than in n8n. The variables hold the very same objects the context's global holds, so nothing a test
 * sees changes. `Date` and the timer functions are left out on purpose: `jest.useFakeTimers` replaces
 * them on the global after the modules are loaded, and the code must see the replacement. `var`, so
 * that a module's own `var` of one of these names (axios: `var URLSearchParams = url.URLSearchParams`)
 * still wins, as it did.
 */
'use strict';
const { TsJestTransformer } = require('ts-jest');

const BUILT_INS = [
	'Array', 'ArrayBuffer', 'BigInt', 'Boolean', 'Buffer', 'Error', 'Infinity', 'JSON', 'Map', 'Math', 'NaN', 'Number',
	'Object', 'Promise', 'RangeError', 'Reflect', 'RegExp', 'Set', 'String', 'Symbol', 'TextDecoder', 'TextEncoder',
	'TypeError', 'URL', 'URLSearchParams', 'Uint8Array', 'WeakMap', 'WeakSet', 'decodeURIComponent',
	'encodeURIComponent', 'isFinite', 'isNaN', 'parseFloat', 'parseInt',
];
const PRELUDE = `var { ${BUILT_INS.join(', ')} } = globalThis;`;
/** Comments, then a "use strict" directive: the statement goes after it (before, the module would lose strict mode), on its line (the source map's lines stay). */
const DIRECTIVE = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*(['"])use strict\1;?/;

function withPrelude(code) {
	const directive = DIRECTIVE.exec(code);
	const at = directive ? directive[0].length : 0;
	return `${code.slice(0, at)}${PRELUDE}${code.slice(at)}`;
}

const isTypeScript = (path) => path.endsWith('.ts');

class BuiltInsTransformer extends TsJestTransformer {
	process(sourceText, sourcePath, options) {
		if (!isTypeScript(sourcePath)) return { code: withPrelude(sourceText) };
		const result = super.process(sourceText, sourcePath, options);
		return { ...result, code: withPrelude(result.code) };
	}

	async processAsync(sourceText, sourcePath, options) {
		if (!isTypeScript(sourcePath)) return { code: withPrelude(sourceText) };
		const result = await super.processAsync(sourceText, sourcePath, options);
		return { ...result, code: withPrelude(result.code) };
	}

	getCacheKey(sourceText, sourcePath, options) {
		return `${super.getCacheKey(sourceText, sourcePath, options)}:${PRELUDE}`;
	}

	async getCacheKeyAsync(sourceText, sourcePath, options) {
		return `${await super.getCacheKeyAsync(sourceText, sourcePath, options)}:${PRELUDE}`;
	}
}

module.exports = { createTransformer: (config) => new BuiltInsTransformer(config) };
