/**
 * The delta endpoints' cursor (issue 22, decisions/0012 "Sync protocol"), opaque to the device:
 *
 * - `<floor>`: every row written by a transaction with an id ≥ floor is (re)sent next time. The
 *   floor is the xmin of the snapshot the answer was read in — every transaction below it had
 *   ended, so its rows were there to be read; any at or above it may commit later, and will be
 *   read then. Rows sent twice are fine (the device upserts); a row is never skipped.
 * - `<floor>-<xid>-<id>`: in the middle of paging, also the last (transaction, id) answered;
 *   the next page continues after it, and the floor of the first page is kept until the last.
 *
 * Transaction ids are xid8 (64 bits, never wrapping), so they are kept as bigint here.
 */
import { SYNC_CURSOR } from '@duka/shared/sync/sync.schemas';
import { ID_MAX } from '@duka/shared/api/primitives';
import { fieldError } from '../../lib/errors';

export interface SyncPosition {
  xid: bigint;
  id: number;
}

export interface SyncCursor {
  floor: bigint;
  after: SyncPosition | null;
}

const XID8_MAX = 2n ** 64n - 1n;

export const badCursor = () => fieldError('sync.bad_cursor', 'since', 'Cursor is not valid');

/** The cursor a device sent (the shared schema checked its form), or 400 'Cursor is not valid'. */
export function parseCursor(text: string): SyncCursor {
  if (!SYNC_CURSOR.test(text)) throw badCursor();
  const [floorText, xidText, idText] = text.split('-');
  const floor = BigInt(floorText!);
  if (floor > XID8_MAX) throw badCursor();
  if (xidText === undefined || idText === undefined) return { floor, after: null };
  const xid = BigInt(xidText);
  const id = Number(idText);
  // (The last row answered may be older than the floor: a first download pages through rows
  // written long before it.)
  if (xid > XID8_MAX || id < 1 || id > ID_MAX) throw badCursor();
  return { floor, after: { xid, id } };
}

export function formatCursor(cursor: SyncCursor): string {
  const { floor, after } = cursor;
  return after ? `${floor}-${after.xid}-${after.id}` : String(floor);
}

/** Order of the changes answered: by transaction, then id. */
export function comparePositions(a: SyncPosition, b: SyncPosition): number {
  if (a.xid !== b.xid) return a.xid < b.xid ? -1 : 1;
  return a.id - b.id;
}

/**
 * The cursor to answer: while more rows wait, the first page's floor and the last row answered;
 * at the end, that floor — or, for a delta that fit in one page, the snapshot's own xmin.
 */
export function nextCursor(
  since: SyncCursor | null,
  snapshotXmin: bigint,
  last: SyncPosition | null,
  hasMore: boolean,
): SyncCursor {
  const paging = since?.after ? since.floor : null;
  const floor = paging !== null && paging < snapshotXmin ? paging : snapshotXmin;
  return { floor, after: hasMore ? last : null };
}
