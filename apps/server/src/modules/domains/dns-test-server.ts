import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface ZoneEntry {
  TXT?: string[];
  A?: string[];
  CNAME?: string;
}

export interface DnsTestServer {
  /** host:port for DNS_RESOLVER. */
  address: string;
  zone: Map<string, ZoneEntry>;
  /** Names whose queries get no answer at all (the client times out). */
  silent: Set<string>;
  queries: { name: string; type: number }[];
  close(): Promise<void>;
}

const TYPES = { A: 1, CNAME: 5, TXT: 16 } as const;

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (i < msg.length) {
    const len = msg[i] ?? 0;
    if (len === 0) return { name: labels.join('.').toLowerCase(), end: i + 1 };
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  throw new Error('bad name');
}

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'latin1')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6); // TTL
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

/**
 * A minimal authoritative DNS server over real UDP for tests: answers A, CNAME and TXT queries from
 * an in-memory zone, NXDOMAIN for unknown names, and nothing at all for `silent` names.
 */
export async function startDnsTestServer(): Promise<DnsTestServer> {
  const socket = createSocket('udp4');
  const zone = new Map<string, ZoneEntry>();
  const silent = new Set<string>();
  const queries: { name: string; type: number }[] = [];

  socket.on('message', (msg: Buffer, rinfo: RemoteInfo) => {
    let name: string;
    let end: number;
    try {
      ({ name, end } = readName(msg, 12));
    } catch {
      return;
    }
    const type = msg.readUInt16BE(end);
    queries.push({ name, type });
    if (silent.has(name)) return;
    const question = msg.subarray(12, end + 4);
    const entry = zone.get(name);
    const answers: Buffer[] = [];
    if (entry) {
      if (type === TYPES.TXT) {
        for (const text of entry.TXT ?? []) {
          const bytes = Buffer.from(text, 'utf8');
          answers.push(answer(TYPES.TXT, Buffer.concat([Buffer.from([bytes.length]), bytes])));
        }
      } else if (type === TYPES.A) {
        for (const ip of entry.A ?? []) answers.push(answer(TYPES.A, Buffer.from(ip.split('.').map(Number))));
      } else if (type === TYPES.CNAME && entry.CNAME) {
        answers.push(answer(TYPES.CNAME, encodeName(entry.CNAME)));
      }
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    header.writeUInt16BE(entry ? 0x8580 : 0x8583, 2); // response, authoritative, RD+RA; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    zone,
    silent,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
