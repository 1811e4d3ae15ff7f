import { mysqlCommitOutcomeUnknown, mysqlRetryable } from '../../src/db/faults';

/**
 * Whether a failed COMMIT may still have been applied, from the error mysql2 gives: an error the server sent in
 * answer (its errno, the connection kept) is a refusal and rolled the transaction back; a lost or timed-out
 * connection leaves the outcome to the server. The shapes are mysql2's (lib/packets/packet.js, lib/connection.js).
 */

describe('mysqlCommitOutcomeUnknown', () => {
  it('knows the outcome of a COMMIT the server refused in answer', () => {
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK', errno: 1213, sqlState: '40001', fatal: false });
    expect({ unknown: mysqlCommitOutcomeUnknown(deadlock), retryable: mysqlRetryable(deadlock) }).toEqual({ unknown: false, retryable: true });
  });

  it.each([
    ['a statement timeout (the connection is closed)', { code: 'PROTOCOL_SEQUENCE_TIMEOUT', fatal: true, timeout: 2000 }],
    ['a connection the server closed', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }],
    ['a reset connection', { code: 'ECONNRESET', errno: -104, syscall: 'read', fatal: true }],
    ['an error without a server errno (a closed connection reused)', { message: "Can't add new command when connection is in closed state" }],
  ])('leaves the outcome unknown after %s', (_name, shape) => {
    expect(mysqlCommitOutcomeUnknown(Object.assign(new Error('failed'), shape))).toBe(true);
  });
});
