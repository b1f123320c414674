#!/usr/bin/env node
// `npm run sandbox`: compiles the TypeScript sandbox into .cache/sandbox (tsc; skipped when no source
// changed since the last compile) and serves it on 127.0.0.1. Prints `Base URL: ...` and
// `API key: ...` first on stdout, so scripts can read them; progress goes to stderr.
// Documented in docs/sandbox.md.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../..",
);
const require = createRequire(import.meta.url);

const usage = `Usage: npm run sandbox -- [options]
  --port N               port on 127.0.0.1 (default 4010; 0 = any free port)
  --plan P               individual (60/min) | team (120/min, default) | enterprise (custom)
  --rate-limit N         requests per window (overrides --plan)
  --window-ms N          rate-limit window length (default 60000)
  --reset-unit U         epoch-seconds (default) | epoch-ms | seconds-until-reset
  --max-page-size N      largest page served; larger limits are clamped (default 100)
  --latency N            added latency per request, ms
  --fact-order O         oldest-first (default) | newest-first | agent-then-oldest | agent-then-newest
                         | unordered (a new order on every request) | scrambled (one fixed order, not by date)
  --fact-date-field F    created_at (default) | createdAt | none: the field facts carry their creation date in
  --stable-ties          facts sharing a created_at keep creation order (default: a new order after each write)
  --fact-total-skew N    the fact list's total counts N more facts than it holds (negative: fewer), e.g. =-150
  --fact-total-cap N     the fact list's total says at most N (a capped count)
  --fact-page-cap N      fact pages hold at most N facts while reporting the limit asked (a byte cap)
  --no-lifetimes         facts never expire (default: L1 1 h, L2 24 h, L3 7 days, L4 forever)
  --clock-offset-ms N    the sandbox's clock runs N ms off the host's (negative: behind)
  --graduation N         every minute of the sandbox's clock, N facts that lists returned graduate a tier
  --seed N               seed for faults and generated ids (default 1)
  --faults JSON          fault config, e.g. '{"serverErrorRate":0.1,"resetRate":0.05}'
  --facts N              generate N extra memory facts in org_acme at start, one batch sharing one created_at
  --fact-gap-ms N        ... dated N ms apart instead, the newest now (facts made over weeks, not one batch)
  --facts-ahead N        also N facts dated 30 years ahead of the sandbox's clock (a broken clock)
  --serve-route R=PATH   serve route R of src/routes.ts (e.g. knowledgeDocument.getMany) at PATH instead,
                         or not at all with R=none; repeatable
  --no-build             use the last build in .cache/sandbox
  --session-turns N      add a chat session of N turns (chat session id "session-a", agent dep_support01),
                         stored as Agent Platform Memory stores them`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      plan: { type: "string", default: "team" },
      "rate-limit": { type: "string" },
      "window-ms": { type: "string" },
      "reset-unit": { type: "string" },
      "max-page-size": { type: "string" },
      latency: { type: "string" },
      "fact-order": { type: "string" },
      "fact-date-field": { type: "string" },
      "stable-ties": { type: "boolean", default: false },
      "fact-total-skew": { type: "string" },
      "fact-total-cap": { type: "string" },
      "fact-page-cap": { type: "string" },
      "fact-gap-ms": { type: "string" },
      "facts-ahead": { type: "string" },
      "no-lifetimes": { type: "boolean", default: false },
      "clock-offset-ms": { type: "string" },
      graduation: { type: "string" },
      seed: { type: "string" },
      faults: { type: "string" },
      facts: { type: "string" },
      "serve-route": { type: "string", multiple: true },
      "no-build": { type: "boolean", default: false },
      "session-turns": { type: "string" },
      help: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  // A negative number after a flag reads as a flag of its own: `--clock-offset-ms=-600000` is the form.
  console.error(
    `${error.message}\n(a negative value goes after "=", e.g. --clock-offset-ms=-600000)\n\n${usage}`,
  );
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const refuse = (message) => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};
const int = (name, value, { signed = false } = {}) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || (!signed && n < 0)) {
    refuse(
      `--${name} must be a whole number${signed ? " (negative allowed)" : ""}, got "${value}"`,
    );
  }
  return n;
};
if (!["individual", "team", "enterprise"].includes(values.plan)) {
  console.error(
    `--plan must be individual, team or enterprise, got "${values.plan}"`,
  );
  process.exit(2);
}

/** Newest modification time of the files the sandbox is compiled from (its folder, src/, the configs). */
function newestSource() {
  const newest = (entry) => {
    const stat = statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(
      0,
      ...readdirSync(entry).map((name) => newest(path.join(entry, name))),
    );
  };
  return Math.max(
    ...["test/sandbox", "src", "tsconfig.json"].map((entry) =>
      newest(path.join(root, entry)),
    ),
  );
}

if (!values["no-build"]) {
  const stamp = path.join(root, ".cache/sandbox/.compiled");
  if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestSource()) {
    process.stderr.write(
      "Compiling the sandbox (tsc) into .cache/sandbox, once per change of its sources...\n",
    );
    const started = Date.now();
    execFileSync(
      process.execPath,
      [
        require.resolve("typescript/bin/tsc"),
        "-p",
        path.join(root, "test/sandbox/tsconfig.json"),
      ],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    // Stamped with the start time: a source saved during the compile is newer, so it compiles again next time.
    writeFileSync(stamp, "");
    utimesSync(stamp, started / 1000, started / 1000);
    process.stderr.write(
      `Compiled in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
}
const { startSandbox } = require(
  path.join(root, ".cache/sandbox/test/sandbox/index.js"),
);

const options = {
  port: int("port", values.port),
  plan: values.plan,
  rateLimit: int("rate-limit", values["rate-limit"]),
  windowMs: int("window-ms", values["window-ms"]),
  resetUnit: values["reset-unit"],
  maxPageSize: int("max-page-size", values["max-page-size"]),
  latencyMs: int("latency", values.latency),
  factOrder: values["fact-order"],
  factDateField: values["fact-date-field"],
  stableTies: values["stable-ties"],
  factTotalSkew: int("fact-total-skew", values["fact-total-skew"], { signed: true }),
  factTotalCap: int("fact-total-cap", values["fact-total-cap"]),
  factPageCap: int("fact-page-cap", values["fact-page-cap"]),
  lifetimes: !values["no-lifetimes"],
  clockOffsetMs: int("clock-offset-ms", values["clock-offset-ms"], {
    signed: true,
  }),
  graduation: int("graduation", values.graduation),
  seed: int("seed", values.seed),
  faults: values.faults ? parseFaults(values.faults) : undefined,
  routePaths: parseRoutePaths(values["serve-route"] ?? []),
};
/** `--serve-route NAME=PATH` (or `NAME=none`) as SandboxOptions.routePaths. */
function parseRoutePaths(entries) {
  const paths = {};
  for (const entry of entries) {
    const match = /^([\w.]+)=(none|\/\S*)$/.exec(entry);
    if (!match) {
      refuse(
        `--serve-route must be NAME=/path or NAME=none, e.g. knowledgeDocument.getMany=/kb/documents, got "${entry}"`,
      );
    }
    paths[match[1]] = match[2] === "none" ? null : match[2];
  }
  return paths;
}
function parseFaults(text) {
  try {
    return JSON.parse(text);
  } catch {
    return refuse(
      `--faults must be a JSON object, e.g. '{"serverErrorRate":0.1}', got ${text}`,
    );
  }
}
// A value the sandbox refuses (an unknown order, an offset out of range) is a usage error too.
const sandbox = await startSandbox(options).catch((error) =>
  refuse(`--${optionFlag(error.message)}: ${error.message}`),
);
/** The flag behind an option named at the start of a refusal (`clockOffsetMs must ...` → `clock-offset-ms`). */
function optionFlag(message) {
  const name = /^(\w+)/.exec(message)?.[1] ?? "option";
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
const extra = int("facts", values.facts);
const gapMs = int("fact-gap-ms", values["fact-gap-ms"]);
if (extra) sandbox.admin.seedFacts("org_acme", extra, undefined, undefined, { gapMs });
/** Facts dated decades ahead (--facts-ahead): 30 years of ms. */
const DECADES_AHEAD_MS = 30 * 365 * 86_400_000;
const ahead = int("facts-ahead", values["facts-ahead"]);
if (ahead) sandbox.admin.seedFacts("org_acme", ahead, undefined, undefined, { aheadMs: DECADES_AHEAD_MS });
const sessionTurns = int("session-turns", values["session-turns"]);
if (sessionTurns) sandbox.admin.seedChatSession("org_acme", { agentId: "dep_support01", turns: sessionTurns });

console.log(`Base URL: ${sandbox.baseUrl}`);
console.log(`API key: ${sandbox.apiKey}`);
console.log(`Read-only key: ${sandbox.keys.readOnly}`);
console.log(`Other organization's key: ${sandbox.keys.otherOrg}`);
console.log(`Admin: ${sandbox.adminUrl} (routes: docs/sandbox.md)`);
console.log(
  `Rate limit: ${sandbox.app.limiter.limit} per ${sandbox.app.limiter.windowMs / 1000}s, reset unit ${sandbox.app.limiter.resetUnit}`,
);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Stopping `npm run sandbox` by its process (not Ctrl-C, which reaches every process of the
// terminal) ends npm and the shell between npm and this process, and this one would keep serving
// on its port: stop when the process that started this one is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 500).unref();
