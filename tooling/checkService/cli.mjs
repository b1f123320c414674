#!/usr/bin/env node
// `npm run check:service`: tells which of the project's choices where the spec is silent
// (docs/spec-choices.md) the service at a Base URL confirms. Runs the checks (TypeScript, over the
// package's own client) in worker.js, prints each row as its check ends and then the table,
// and with --json writes the rows to a file. Exit code: 0 nothing differs, 1 something differs, 2 it
// could not run. The key comes from --key, AGENT_PLATFORM_API_KEY or a prompt that does not echo it.
//
// Never silent: a line at least every QUIET_MS (CHECK_SERVICE_QUIET_MS changes it, for the tests).
// Never the key: every text written passes the package's redaction (src/client/redaction.ts).
import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const KEY_VARIABLE = "AGENT_PLATFORM_API_KEY";

const usage = `Usage: npm run check:service -- --base-url URL [options]
  --base-url URL       the API's Base URL, ending in /v1 (as in the n8n credential)
  --key ctx_...        the API key; better kept out of shell history: set ${KEY_VARIABLE},
                       or give neither and type it at the prompt (not echoed)
  --write              also create, read, promote and delete one L1 memory fact
  --webhook-url URL    with --write: also create and delete one (inactive) webhook subscription to URL
  --json FILE          write the rows as JSON: [{ id, status, expected, seen, where }]
Read-only by default. At most 60 requests (92 with --write), each sent once, paced by the key's
rate-limit headers; the budget is printed first and never passed.`;

function fail(message, code = 2) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      "base-url": { type: "string" },
      key: { type: "string" },
      write: { type: "boolean", default: false },
      "webhook-url": { type: "string" },
      json: { type: "string" },
      help: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  fail(`${error.message}\n\n${usage}`);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!values["base-url"]) fail(`--base-url is required\n\n${usage}`);
if (values["webhook-url"] && !values.write) fail("--webhook-url needs --write: it creates a subscription");

/** Reads a line from the terminal without echoing it. */
function promptHidden(question) {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    fail(`No API key: give --key, set ${KEY_VARIABLE}, or run in a terminal to be asked for it`);
  }
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let typed = "";
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === "\u0003") fail("\nCancelled", 130);
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          stderr.write("\n");
          resolve(typed);
          return;
        }
        typed = ch === "\u007f" || ch === "\b" ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on("data", onData);
  });
}

// An empty value counts as none (an unset variable exported empty, a flag given no value).
const apiKey = (
  values.key ||
  process.env[KEY_VARIABLE] ||
  (await promptHidden("Agent Platform API key (not shown): "))
).trim();

const QUIET_MS = Number(process.env.CHECK_SERVICE_QUIET_MS) || 2500;
/** Until the redaction is loaded, the exact key goes; then every run of it (redaction.ts). */
let scrub = (text) => (apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text);
let lastLine = Date.now();
let doing = "loading the checks";
const say = (text) => {
  process.stderr.write(`${scrub(text)}\n`);
  lastLine = Date.now();
};
const heartbeat = setInterval(() => {
  if (Date.now() - lastLine >= QUIET_MS) say(`  ... still ${doing}`);
}, Math.max(50, Math.min(250, QUIET_MS / 4)));
heartbeat.unref();
process.on("uncaughtException", (error) => fail(scrub(`The check could not run: ${error?.message ?? error}`)));
process.on("unhandledRejection", (error) => fail(scrub(`The check could not run: ${error?.message ?? error}`)));

say("Loading the checks (TypeScript, transpiled into .cache/checkService)...");
// The parent loads only the redaction (one file); the checks load and run in worker.js.
const { prepare } = require("./loadTs.js");
await prepare([path.join(root, "src/client/redaction.ts")]);
const { redact } = require(path.join(root, "src/client/redaction.ts"));
scrub = (text) => redact(text, apiKey);

const worker = fork(path.join(root, "tooling/checkService/worker.js"), [], { stdio: ["ignore", "pipe", "pipe", "ipc"] });
// Whatever the worker itself prints (a crash's trace) passes the redaction too.
for (const stream of [worker.stdout, worker.stderr]) stream.on("data", (chunk) => say(String(chunk).trimEnd()));
let budget = "?";
const outcome = new Promise((resolve) => {
  worker.on("message", (message) => {
    if (message.kind === "loading") doing = `loading the checks (${message.count} files transpiled)`;
    if (message.kind === "loaded") {
      budget = message.budget;
      const writes = values.write ? `, writing one memory fact${values["webhook-url"] ? " and one webhook subscription" : ""}` : ", reading only";
      say(`Loaded ${message.files} files. Checking ${values["base-url"]}: at most ${budget} requests${writes}.`);
      doing = "waiting for the first answer";
    }
    if (message.kind === "answer") {
      doing = `waiting for the service (${message.sent} of at most ${budget} requests sent; the last, ${message.method} ${message.path}, answered ${message.status || "nothing"})`;
    }
    if (message.kind === "wait") say(`  ${message.message}`);
    if (message.kind === "row") say(`  [${String(message.sent).padStart(2)}/${budget}] ${message.row.id} ${message.row.status}`);
    if (message.kind === "done" || message.kind === "failed") resolve(message);
  });
  worker.on("exit", (code) => resolve({ kind: "failed", message: `the checks stopped (exit code ${code})` }));
});
worker.send({ baseUrl: values["base-url"], apiKey, write: values.write, webhookUrl: values["webhook-url"] });
const result = await outcome;
if (result.kind === "failed") fail(scrub(`The check could not run: ${result.message}`));
clearInterval(heartbeat);
process.stdout.write(`${scrub(result.table)}\n`);
if (values.json) {
  writeFileSync(values.json, `${scrub(JSON.stringify(result.rows, null, 2))}\n`);
  process.stderr.write(`Wrote ${result.rows.length} rows to ${values.json}\n`);
}
process.exit(result.rows.some((row) => row.status === "differs") ? 1 : 0);
