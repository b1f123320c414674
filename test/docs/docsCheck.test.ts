/**
 * The documentation check that `npm run build` runs (tooling/docsCheck.js): a moved page, a renamed
 * heading or a README that outgrows its page must fail the build, not leave a dead link behind.
 * Each case changes one real file in memory and expects exactly the problem it introduced.
 */
import { anchorsOf, docsProblems, githubSlug, README_MAX_BYTES, shippedLinkProblems } from '../../tooling/docsCheck';

const BLOB = 'https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD/';
const RAW = 'https://raw.githubusercontent.com/agent-platform/n8n-nodes-agent-platform/HEAD/';

/** The problems after adding `text` to the end of the real `file`. */
const withAppended = (file: string, text: string) => docsProblems({ appended: { [file]: `\n${text}\n` } });

/**
 * The same, without the README's size problem: the README may stand near its limit, and a case about a
 * link must not fail because the line it appends crosses it.
 */
const linkProblemsAppended = (file: string, text: string) => withAppended(file, text).filter((p) => !/^README\.md is \d+ bytes/.test(p));

test('the documentation as committed has no problem', () => {
	expect(docsProblems()).toEqual([]);
});

describe('a dangling link fails', () => {
	test('a relative link to a page that is not there (a page moved or renamed)', () => {
		expect(linkProblemsAppended('docs/sandbox.md', 'See [queue internals](queue.md).')).toEqual([
			expect.stringMatching(/^docs\/sandbox\.md:\d+ links to queue\.md, which names docs\/queue\.md, which is not in the repository$/),
		]);
	});

	test('a relative link out of the repository', () => {
		expect(linkProblemsAppended('docs/sandbox.md', 'See [the notes](../../notes/api.md).')).toEqual([
			expect.stringMatching(/links to \.\.\/\.\.\/notes\/api\.md, which is outside the repository$/),
		]);
	});

	test("the README's absolute link to a page that is not there", () => {
		expect(linkProblemsAppended('README.md', `More: [sandbox](${BLOB}docs/the-sandbox.md).`)).toEqual([
			expect.stringMatching(/^README\.md:\d+ links to \S+docs\/the-sandbox\.md, which names docs\/the-sandbox\.md, which is not in the repository$/),
		]);
	});

	test('a reference-style link whose label has no definition', () => {
		expect(linkProblemsAppended('docs/architecture.md', 'See [the router][router].')).toEqual([
			expect.stringMatching(/^docs\/architecture\.md:\d+ uses the link label \[router\], which no definition gives a target$/),
		]);
	});
});

describe('a dangling anchor fails', () => {
	test('a link to a heading another page does not have (a heading renamed)', () => {
		expect(linkProblemsAppended('docs/security.md', 'See [the budget](rate-limits.md#the-rate-budget).')).toEqual([
			expect.stringMatching(/links to rate-limits\.md#the-rate-budget, which has the anchor #the-rate-budget, which is no heading of docs\/rate-limits\.md$/),
		]);
		expect(linkProblemsAppended('docs/security.md', 'See [the budget](rate-limits.md#rate-budget).')).toEqual([]);
	});

	test('a link to a heading of the same page', () => {
		expect(linkProblemsAppended('README.md', 'See [installing](#install-in-n8n).')).toEqual([
			expect.stringMatching(/^README\.md:\d+ links to #install-in-n8n, which is no heading of README\.md$/),
		]);
		expect(linkProblemsAppended('README.md', 'See [installing](#installation).')).toEqual([]);
	});

	test("the README's absolute link to a heading of a docs page", () => {
		expect(linkProblemsAppended('README.md', `[versions](${BLOB}docs/memory.md#n8n-version)`)).toEqual([
			expect.stringMatching(/which has the anchor #n8n-version, which is no heading of docs\/memory\.md$/),
		]);
		expect(linkProblemsAppended('README.md', `[versions](${BLOB}docs/memory.md#n8n-versions)`)).toEqual([]);
	});

	test('an anchor on a file that is not markdown, other than a line number', () => {
		expect(linkProblemsAppended('docs/architecture.md', '[routes](../src/routes.ts#routes) [line](../src/routes.ts#L26-L30)')).toEqual([
			expect.stringMatching(/links to \.\.\/src\/routes\.ts#routes, which has the anchor #routes, which src\/routes\.ts \(not markdown\) cannot have$/),
		]);
	});
});

describe('the README is also the npm page', () => {
	test('a relative link or image fails: npm shows the README without the other files', () => {
		expect(linkProblemsAppended('README.md', '[Sandbox](docs/sandbox.md) ![Panel](docs/screenshots/trigger-node.png)')).toEqual([
			expect.stringContaining(`links to docs/sandbox.md by a relative path: the README is also the npm page, which has no other files; use ${BLOB}docs/sandbox.md`),
			expect.stringContaining(`shows docs/screenshots/trigger-node.png by a relative path: the README is also the npm page, which has no other files; use ${RAW}docs/screenshots/trigger-node.png`),
		]);
	});

	test('an image must be a raw file URL of a file that exists', () => {
		expect(linkProblemsAppended('README.md', `![a](${BLOB}docs/screenshots/trigger-node.png) ![b](${RAW}docs/screenshots/nope.png) ![c](${RAW}docs/screenshots/trigger-node.png)`)).toEqual([
			expect.stringContaining('which must be under https://raw.githubusercontent.com/'),
			expect.stringContaining('names docs/screenshots/nope.png, which is not in the repository'),
		]);
	});

	test(`more than ${README_MAX_BYTES} bytes fails`, () => {
		const problems = withAppended('README.md', 'x'.repeat(README_MAX_BYTES));
		expect(problems).toEqual([expect.stringMatching(new RegExp(`^README\\.md is \\d+ bytes, more than ${README_MAX_BYTES}`))]);
	});
});

test('links in code are not links', () => {
	expect(linkProblemsAppended('docs/sandbox.md', 'Write `[text](missing.md)` for a link.\n\n```md\n[text](missing.md)\n# Not a heading\n```\n[back](#not-a-heading)')).toEqual([
		expect.stringMatching(/links to #not-a-heading, which is no heading of docs\/sandbox\.md$/),
	]);
});

describe("GitHub's heading anchors", () => {
	test.each([
		['Rate limits, retries and pagination', 'rate-limits-retries-and-pagination'],
		['AI Agent memory (Agent Platform Memory)', 'ai-agent-memory-agent-platform-memory'],
		['API Request and n8n\'s "Custom API Call"', 'api-request-and-n8ns-custom-api-call'],
		['Is the sandbox the bottleneck?', 'is-the-sandbox-the-bottleneck'],
		['heading with a - dash', 'heading-with-a---dash'],
		['heading with an _ underscore', 'heading-with-an-_-underscore'],
		['heading with a period.txt', 'heading-with-a-periodtxt'],
		['exchange.bind_headers(exchange, routing [, bindCallback])', 'exchangebind_headersexchange-routing--bindcallback'],
		['I ♥ unicode', 'i--unicode'],
		['en–dash', 'endash'],
		['😄 unicode emoji', '-unicode-emoji'],
		['Привет non-latin 你好', 'привет-non-latin-你好'],
		["apostrophe’s should be trimmed", 'apostrophes-should-be-trimmed'],
	])('%s → #%s', (heading, slug) => {
		expect(githubSlug(heading)).toBe(slug);
	});

	test('markup is not part of the anchor, and a repeated heading is numbered', () => {
		const markdown = ['# `npm run dev`', '## The [sandbox](x.md) *is* **local**', '## echo', '## echo', '## echo 1', '## echo-1', '## echo', '```', '## echo', '```'].join('\n');
		expect([...anchorsOf(markdown)]).toEqual(['npm-run-dev', 'the-sandbox-is-local', 'echo', 'echo-1', 'echo-1-1', 'echo-1-2', 'echo-2']);
	});
});

describe('documentation links the package ships', () => {
	const problems = (url: string) => shippedLinkProblems([{ file: 'dist/nodes/X/X.node.json', text: JSON.stringify({ resources: { primaryDocumentation: [{ url }] } }) }]);

	test('a link to an existing docs page or README heading passes', () => {
		expect(problems(`${BLOB}docs/operations.md`)).toEqual([]);
		expect(problems(`${BLOB}README.md#credentials`)).toEqual([]);
		expect(problems('https://github.com/agent-platform/n8n-nodes-agent-platform#credentials')).toEqual([]);
	});

	test('a link to a page or heading that does not exist fails', () => {
		expect(problems(`${BLOB}docs/trigger.md`)).toEqual([expect.stringContaining('names docs/trigger.md, which is not in the repository')]);
		expect(problems(`${BLOB}README.md#credential-setup`)).toEqual([expect.stringContaining('has the anchor #credential-setup, which is no heading of README.md')]);
	});

	test('a link to another repository, or to a page of this one that is not a file, fails', () => {
		expect(problems('https://github.com/n8n-io/n8n-nodes-starter#readme')).toEqual([expect.stringContaining('which is not a file of the repository')]);
		expect(problems('https://github.com/agent-platform/n8n-nodes-agent-platform/wiki')).toEqual([expect.stringContaining('which is not a file of the repository')]);
	});
});
