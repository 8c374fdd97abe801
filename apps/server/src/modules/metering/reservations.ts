import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { messageReservations } from '../../db/schema/reservations';
import type { Queryable } from './service';

/**
 * Leased reservations (issue 9, ADR 0121). `reserveMessage` counts a message up front; the running
 * action also writes a reservation row with a lease it keeps renewing. Success deletes the row in the
 * transaction that writes the result; failure gives the message back and deletes the row in one
 * statement. If the process dies, the lease runs out and any instance gives the message back.
 */

export const DEFAULT_LEASE_MS = 120_000;

export async function holdReservation(options: { db: Queryable; userId: string; periodEndsAt: Date; leaseMs: number }) {
  const [row] = await options.db
    .insert(messageReservations)
    .values({
      userId: options.userId,
      // Copied in SQL, not through a JS Date: the stored end has microseconds a Date would drop, and
      // giving the message back matches on it.
      periodEndsAt: sql`(select period_ends_at from users where id = ${options.userId})`,
      leaseUntil: new Date(Date.now() + options.leaseMs),
    })
    .returning({ id: messageReservations.id });
  if (!row) throw new Error('reservation not written');
  return row.id;
}

export async function renewReservation(options: { db: Queryable; id: string; leaseMs: number }): Promise<void> {
  await options.db.execute(
    sql`update message_reservations set lease_until = ${new Date(Date.now() + options.leaseMs).toISOString()}::timestamptz where id = ${options.id}`,
  );
}

/** The action succeeded: the message stays counted. Run inside the transaction that records the result. */
export async function settleReservation(options: { db: Queryable; id: string }): Promise<void> {
  await options.db.execute(sql`delete from message_reservations where id = ${options.id}`);
}

/**
 * Deletes the matched reservations and gives their messages back, in one statement: a row is given
 * back once even when several instances sweep at the same moment.
 */
async function giveBack(db: Queryable, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ released: number }>(
    db,
    sql`
    with gone as (delete from message_reservations where ${where} returning user_id, period_ends_at),
    counted as (select user_id, period_ends_at, count(*)::int as n from gone group by user_id, period_ends_at),
    updated as (
      update users set messages_used = greatest(users.messages_used - counted.n, 0)
      from counted where users.id = counted.user_id and users.period_ends_at = counted.period_ends_at
      returning users.id
    )
    select (select count(*) from gone)::int as released`,
  );
  return Number(row?.released ?? 0);
}

/** The action failed or was stopped: give its message back. */
export async function releaseReservation(options: { db: Queryable; id: string }): Promise<void> {
  await giveBack(options.db, sql`id = ${options.id}`);
}

/** Gives back the messages of reservations whose lease ran out (their process died). Returns how many. */
export async function reclaimExpiredReservations(options: { db: Queryable; now?: Date }): Promise<number> {
  const at = (options.now ?? new Date()).toISOString();
  return giveBack(options.db, sql`lease_until < ${at}::timestamptz`);
}

/** Sweeps expired reservations now and every `intervalMs` until stopped. */
export function startReservationSweeper(options: {
  db: Queryable;
  intervalMs: number;
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}): () => void {
  const sweep = async () => {
    try {
      const released = await reclaimExpiredReservations({ db: options.db });
      if (released) options.log.info({ released }, 'gave back the messages of generations whose process stopped');
    } catch (error) {
      options.log.warn({ err: error }, 'could not sweep expired message reservations');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
