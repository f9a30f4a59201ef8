import { RESTRICTED_ROLE_ID } from '@charter/domain';
import type { LiveAudience } from '../../db/schema/index.ts';
import { canSeeTaskModule } from '../workflows/policies.ts';

/** What a socket's member is, as last checked (live-hub.ts re-checks after every sign-in change). */
export type LiveViewer = {
  userId: number;
  isAdmin: boolean;
  restricted: boolean;
  /** May use the file cabinet (cabinet/policies.ts canUseCabinet). */
  cabinet: boolean;
};

/** A member as a membership row and its workspace's role describe them. */
export function viewerOfMembership(row: {
  userId: number;
  isAdmin: boolean;
  filecabinetAccess: boolean;
  roleId: number;
}): LiveViewer {
  const restricted = row.roleId === RESTRICTED_ROLE_ID;
  return {
    userId: row.userId,
    isAdmin: row.isAdmin,
    restricted,
    cabinet: row.filecabinetAccess && !restricted,
  };
}

/**
 * Whether a member may receive an event: the policies of the object it is about, checked when it is
 * sent (a member who lost admin rights or moved to a restricted workspace stops receiving at once).
 */
export function canReceive(viewer: LiveViewer, audience: LiveAudience): boolean {
  if (audience.adminsOnly && !viewer.isAdmin) return false;
  if (audience.userIds && !audience.userIds.includes(viewer.userId)) return false;
  if (audience.unrestrictedOnly && viewer.restricted) return false;
  if (audience.cabinetOnly && !viewer.cabinet) return false;
  if (audience.taskModuleId !== undefined && !canSeeTaskModule(viewer, audience.taskModuleId)) {
    return false;
  }
  return true;
}
