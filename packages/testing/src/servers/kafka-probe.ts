import { connect } from 'node:net';

/**
 * Asks a broker for cluster metadata over the raw Kafka protocol (Metadata v4, all topics) and
 * resolves with the number of brokers it reports. Used as the readiness check, with no client
 * library: v4 is understood by Kafka 1.0 through 4.x.
 */
export function probeKafkaMetadata(host: string, port: number, timeoutMs = 2_000): Promise<number> {
  const clientId = Buffer.from('engram-probe');
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
  let o = 0;
  o = body.writeInt16BE(3, o); // api key: Metadata
  o = body.writeInt16BE(4, o); // api version
  o = body.writeInt32BE(1, o); // correlation id
  o = body.writeInt16BE(clientId.length, o);
  o += clientId.copy(body, o);
  o = body.writeInt32BE(-1, o); // topics: null = all
  body.writeInt8(0, o); // allow_auto_topic_creation
  const frame = Buffer.concat([int32(body.length), body]);

  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('metadata request timed out')));
    socket.once('error', fail);
    socket.once('connect', () => socket.write(frame));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      const size = received.readInt32BE(0);
      if (received.length < 4 + size) return;
      socket.destroy();
      // response: size, correlation id, throttle_time_ms, brokers[] (int32 count first)
      if (size < 12 || received.readInt32BE(4) !== 1) return reject(new Error('unexpected metadata response'));
      resolve(received.readInt32BE(12));
    });
    socket.once('close', () => reject(new Error('connection closed before a metadata response')));
  });
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
}
