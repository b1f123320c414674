// Where a choice lives, as `file:line`: the first line of `file` (relative to the repository) that
// holds `find`. Read from the source at run time, so the line stays right as the files change.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** The repository: the nearest folder up that holds src/routes.ts (this file also runs compiled, from .cache/). */
function findRoot(dir) {
	if (fs.existsSync(path.join(dir, 'src/routes.ts'))) return dir;
	const parent = path.dirname(dir);
	return parent === dir ? process.cwd() : findRoot(parent);
}
const root = findRoot(__dirname);

function locate(where) {
	const file = path.join(root, where.file);
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	const at = text.indexOf(where.find);
	return at < 0 ? where.file : `${where.file}:${text.slice(0, at).split('\n').length}`;
}

module.exports = { locate };
