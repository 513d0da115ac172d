import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSeedSql } from "./seed";

/**
 * The local stack shared by `npm start`, the end-to-end tests and the benchmark: the
 * Worker under `wrangler dev` (workerd with local D1, R2 and Durable Objects) and the
 * PartyKit dev server, each with prefixed logs.
 */
export interface StackOptions {
  port: number;
  partyPort: number;
  /** Where local D1/R2/DO state lives; defaults to wrangler's .wrangler/state. */
  persistTo?: string;
  /** Print the processes' output with prefixes (on for `npm start`), or write it to a file. */
  logs?: LogTarget;
  /** Shared secret for collaboration tokens between the Worker and PartyKit. */
  collabSecret?: string;
  /**
   * wrangler dev's log level. The default logs every request, which costs the dev server CPU
   * per request; the bench runs the stack at `error`, as it runs the bare Worker it compares with.
   */
  logLevel?: "info" | "error";
  /** More of the Worker's variables (the e2e suite points a network's base URLs at a local fake). */
  vars?: Record<string, string>;
}

export interface Stack {
  url: string;
  partyUrl: string;
  /** The Worker's processes, to crash and start again (the crash test, the bench's drain after a crash). */
  worker: WorkerProcess;
  stop(): Promise<void>;
}

/** `wrangler dev` and the workerd processes it starts, on one port and state directory. */
export interface WorkerProcess {
  url: string;
  /** SIGKILL to the whole process group (wrangler and workerd): no clean stop, nothing flushed. */
  kill(): Promise<void>;
  /** Starts it again on the same port and state, and waits until it answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const COLORS = { build: 35, db: 36, worker: 34, party: 32, cron: 33 } as const;

/**
 * Where a child's output goes: the terminal with coloured prefixes (`true`), a file (`{ file }`),
 * or nowhere (`false`). It is read either way, so a quiet run never leaves a pipe full.
 */
export type LogTarget = boolean | { file: string };

export function prefixed(name: keyof typeof COLORS, child: ChildProcess, target: LogTarget = true) {
  if (target === false) {
    child.stdout?.resume();
    child.stderr?.resume();
    return;
  }
  const out = target === true ? process.stdout : createWriteStream(target.file, { flags: "a" });
  const tag = target === true ? `\x1b[${COLORS[name]}m[${name}]\x1b[0m ` : `[${name}] `;
  // A CLI that dies mid-run leaves only refused connections behind; say when and how it ended.
  if (name === "worker" || name === "party")
    child.once("exit", (code, signal) => out.write(`${tag}${new Date().toISOString()} process exited (code ${code}, signal ${signal})\n`));
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const raw of lines) {
        // Drop terminal cursor controls (PartyKit redraws its status line with them).
        // eslint-disable-next-line no-control-regex
        const line = raw.replace(/\x1b\[[0-9;]*[ABGKJ]/g, "");
        if (line.trim()) out.write(tag + line + "\n");
      }
    });
  }
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(name: keyof typeof COLORS, command: string, args: string[], logs: LogTarget = true): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    if (logs !== false) prefixed(name, child, logs);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output}`)),
    );
  });
}

/** A port nothing listens on right now, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const persistArgs = (persistTo?: string) => (persistTo ? ["--persist-to", persistTo] : []);

/** Applies every migration to the local D1 and seeds the demo workspace (idempotent); `seed: false` only migrates. */
export async function prepareDatabase({ persistTo, logs = true, seed = true }: Pick<StackOptions, "persistTo" | "logs"> & { seed?: boolean }) {
  await run("db", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], logs);
  if (!seed) return;
  const dir = await mkdtemp(path.join(tmpdir(), "brandwork-seed-"));
  const file = path.join(dir, "seed.sql");
  await writeFile(file, await buildSeedSql());
  try {
    await run("db", bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(persistTo)], logs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Ends a CLI and the workerd children it started (its whole process group): TERM, then KILL after 5 s. */
export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // Not once it has exited: its group id may by then be another process's (pids wrap at 32768 here).
    const kill = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      resolve();
    }, 5_000).unref();
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    // Both CLIs start workerd children; kill the whole process group.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  });
}

/** SIGKILL to a CLI's whole process group (it and the workerd children it started), awaited. */
function killGroup(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGKILL");
  });
}

function spawnParty({ port, workerUrl, persistTo, collabSecret }: { port: number; workerUrl: string; persistTo?: string; collabSecret: string }) {
  return spawn(
    bin("partykit"),
    [
      "dev",
      "--port", String(port),
      "--var", `COLLAB_TOKEN_SECRET=${collabSecret}`,
      "--var", `WORKER_URL=${workerUrl}`,
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      ...(persistTo ? ["--persist", path.join(persistTo, "party")] : []),
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
}

/**
 * A PartyKit server alone, for tests that stop it mid-session: `kill` ends it at once
 * (SIGKILL to its process group, no chance to flush), `stop` ends it politely.
 */
export async function startParty(options: { port: number; workerUrl: string; persistTo: string; collabSecret?: string; logs?: LogTarget }) {
  const child = spawnParty({ ...options, collabSecret: options.collabSecret ?? "local-collab-secret" });
  prefixed("party", child, options.logs ?? false);
  const url = `http://127.0.0.1:${options.port}`;
  const kill = () => killGroup(child);
  try {
    await waitFor(`${url}/parties/main/health`, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, host: `127.0.0.1:${options.port}`, kill, stop: () => stopChild(child) };
}

type WorkerOptions = Pick<StackOptions, "port" | "partyPort" | "persistTo" | "logs" | "collabSecret" | "logLevel" | "vars">;

async function spawnWorker({ port, partyPort, persistTo, collabSecret = "local-collab-secret", logLevel = "info", vars = {} }: WorkerOptions) {
  const env = { ...process.env, NO_D1_WARNING: "true", WRANGLER_SEND_METRICS: "false" };
  return spawn(
    bin("wrangler"),
    [
      "dev",
      "--port", String(port),
      "--ip", "127.0.0.1",
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level", logLevel,
      // Not wrangler's default 9229: PartyKit's dev server, started beside it, prefers that port
      // too, and when both checked it free at once one of them failed to start.
      "--inspector-port", String(await freePort()),
      "--var", `COLLAB_TOKEN_SECRET:${collabSecret}`,
      "--var", `PARTYKIT_HOST:127.0.0.1:${partyPort}`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...persistArgs(persistTo),
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
}

/** The Worker alone, started now; `started` settles when it answers. */
async function workerProcess(options: WorkerOptions) {
  let child = await spawnWorker(options);
  prefixed("worker", child, options.logs ?? true);
  const url = `http://127.0.0.1:${options.port}`;
  const ready = async () => {
    try {
      await waitFor(`${url}/v1/health`, child);
    } catch (error) {
      await stopChild(child);
      throw error;
    }
  };
  const handle: WorkerProcess = {
    url,
    kill: () => killGroup(child),
    restart: async () => {
      await killGroup(child);
      child = await spawnWorker(options);
      prefixed("worker", child, options.logs ?? true);
      await ready();
    },
    stop: () => stopChild(child),
  };
  return { handle, started: ready() };
}

/** The Worker without PartyKit (publishing, the API): for tests that crash it and start it again. */
export async function startWorker(options: WorkerOptions): Promise<WorkerProcess> {
  const { handle, started } = await workerProcess(options);
  await started;
  return handle;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { partyPort, persistTo, logs = true, collabSecret = "local-collab-secret" } = options;
  const { handle: worker, started } = await workerProcess(options);
  const party = spawnParty({ port: partyPort, workerUrl: worker.url, persistTo, collabSecret });
  prefixed("party", party, logs);
  const stack: Stack = {
    url: worker.url,
    partyUrl: `http://127.0.0.1:${partyPort}`,
    worker,
    stop: async () => void (await Promise.all([worker.stop(), stopChild(party)])),
  };
  try {
    await Promise.all([started, waitFor(`${stack.partyUrl}/parties/main/health`, party)]);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** wrangler dev does not fire Cron Triggers; this does, once a minute, like production. */
export function startCronTicker(url: string, log: (line: string) => void) {
  const tick = async () => {
    try {
      const response = await fetch(`${url}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
      log(`scheduled handler ran: ${response.status}`);
    } catch (error) {
      log(`scheduled handler could not be reached: ${String(error)}`);
    }
  };
  const timer = setInterval(tick, 60_000);
  return () => clearInterval(timer);
}
