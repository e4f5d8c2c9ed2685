import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const serverDir = new URL('..', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code, or null when it did not exit within `limitMs` (then killed). */
  terminate(limitMs: number): Promise<number | null>;
}

/** The real server in a process of its own, as `npm start` runs it, on a free port; healthy when this resolves. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabula-process-'));
  // Port 0: the system picks a free one, and the server says which in its log.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TABULA_DATA_DIR: dataDir,
      TABULA_DEMO: 'false',
      TABULA_ANALYSIS_REFRESH_MINUTES: '0',
      ...env,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));

  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    url ??= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
    const healthy =
      url !== undefined &&
      (await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      ));
    if (healthy && url) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    child,
    output: () => log,
    async terminate(limitMs) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), limitMs)));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome !== 'late') return outcome;
      child.kill('SIGKILL');
      await exited;
      return null;
    },
  };
}
