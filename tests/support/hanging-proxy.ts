import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a MariaDB server that can make the server look hung at an exact point of the protocol,
 * as a stopped server (SIGSTOP) does: while it hangs, no byte reaches either side (what a client sends waits, as in
 * the stopped server's socket buffer, and is delivered in order when it resumes, its end too; new connections
 * wait for their greeting). Armed with `hangAtNextCommit`, the next COMMIT a client sends reaches the server and
 * the hang starts at once ('sent': the server commits, its answer waits) or once the server's answer to it went
 * back ('answered': what the client does next waits). Given a server to stop (`stoppable`), a hang stops the real
 * server instead (SIGSTOP through PrivateMariaDb.pause) and the proxy passes every byte on: what the kernel then does
 * with them (a COMMIT in the stopped server's socket, a client's close behind it) is the real server's.
 */

type Moment = 'sent' | 'answered';

interface Pipe {
  client: Socket;
  server: Socket;
  /** Chunks held while hung, in order, with the side they go to; `null` is the sender's end. */
  held: Array<{ to: Socket; chunk: Buffer | null }>;
  /** This connection's COMMIT went out under an armed 'answered' trigger: a hang of this long follows the answer. */
  hangAfterAnswerMs: number;
  /** The statements this connection sent since its last COMMIT or ROLLBACK (those of its transaction). */
  statements: string[];
}

export class HangingProxy {
  private listener: Server | undefined;
  private pipes = new Set<Pipe>();
  private hung = false;
  private armed: { moment: Moment; ms: number; wrote: RegExp } | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  /** How many hangs a COMMIT started. */
  hangs = 0;

  /** Set: a hang stops this server rather than holding the bytes. */
  stoppable: { pause(): void; resume(): void } | undefined;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    const listener = createServer((client) => this.accept(client));
    this.listener = listener;
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    return (listener.address() as { port: number }).port;
  }

  /** The next COMMIT of a transaction that sent a statement matching `wrote` starts a hang of `ms` at `moment`. */
  hangAtNextCommit(moment: Moment, ms: number, wrote: RegExp): void {
    this.armed = { moment, ms, wrote };
  }

  /** Resolves once no hang is under way. */
  async idle(): Promise<void> {
    while (this.hung) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  disarm(): void {
    this.armed = undefined;
  }

  /** Hangs now, for `ms`. */
  hang(ms: number): void {
    this.hung = true;
    this.hangs++;
    this.stoppable?.pause();
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => this.resume(), ms);
  }

  resume(): void {
    clearTimeout(this.resumeTimer);
    if (this.hung) this.stoppable?.resume();
    this.hung = false;
    for (const pipe of this.pipes) {
      for (const { to, chunk } of pipe.held.splice(0)) deliver(to, chunk);
      if (pipe.server.destroyed && pipe.client.destroyed) this.pipes.delete(pipe);
    }
  }

  async close(): Promise<void> {
    this.resume();
    for (const pipe of this.pipes) {
      pipe.client.destroy();
      pipe.server.destroy();
    }
    await new Promise((resolve) => this.listener?.close(resolve));
  }

  private accept(client: Socket): void {
    const server = connect(this.target.port, this.target.host);
    const pipe: Pipe = { client, server, held: [], hangAfterAnswerMs: 0, statements: [] };
    this.pipes.add(pipe);
    const send = (to: Socket, chunk: Buffer | null) => (this.hung && !this.stoppable ? pipe.held.push({ to, chunk }) : deliver(to, chunk));
    client.on('data', (chunk: Buffer) => {
      const sql = statementOf(chunk);
      const ended = sql !== undefined && /^\s*(COMMIT|ROLLBACK)\b/i.test(sql);
      const commit = ended && /^\s*COMMIT\b/i.test(sql!) && this.armed && !this.hung && pipe.statements.some((s) => this.armed!.wrote.test(s));
      if (ended) pipe.statements = [];
      else if (sql !== undefined) pipe.statements.push(sql);
      send(server, chunk);
      if (!commit) return;
      const { moment, ms } = this.armed!;
      this.armed = undefined;
      if (moment === 'sent') this.hang(ms);
      else pipe.hangAfterAnswerMs = ms;
    });
    server.on('data', (chunk: Buffer) => {
      send(client, chunk);
      if (pipe.hangAfterAnswerMs > 0) {
        this.hang(pipe.hangAfterAnswerMs);
        pipe.hangAfterAnswerMs = 0;
      }
    });
    // A client that gives up closes its side: the server reads that end after what was sent before it.
    client.on('close', () => send(server, null));
    client.on('error', () => undefined);
    server.on('close', () => send(client, null));
    server.on('error', () => undefined);
  }
}

function deliver(to: Socket, chunk: Buffer | null): void {
  if (to.destroyed) return;
  if (chunk === null) to.end();
  else to.write(chunk);
}

/** The statement of a COM_QUERY packet (4 bytes of header, command 0x03); a chunk is one packet here. */
function statementOf(chunk: Buffer): string | undefined {
  return chunk.length > 5 && chunk[4] === 0x03 ? chunk.subarray(5).toString('latin1') : undefined;
}
