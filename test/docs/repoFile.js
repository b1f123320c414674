// A file of this repository as text. Plain JS because the strict lint allows a .ts file to import
// only what a community node may import at runtime (no node:fs).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

module.exports = { readRepoFile: (rel) => fs.readFileSync(path.join(root, rel), 'utf8') };
