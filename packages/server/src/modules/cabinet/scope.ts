import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';

/** Cabinet rows of the actor's workspace: another workspace's row is simply not found. */
export const findFolder = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, folders, actor, id, { what: 'Folder not found' });

export const findFile = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, files, actor, id, { what: 'File not found' });
