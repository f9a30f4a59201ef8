/** Spec 3 §8: the toasts and fallback failures of the room admin screens. */
export const ROOM_TOASTS = {
  updated: 'Room Updated.',
  nameUpdated: 'Name Updated',
  linkCopied: 'Link Copied!',
  newLink: 'New Data Room link created',
  linkAdded: 'Room Link Updated.',
  linkUpdated: 'Room Link Updated.',
  linkDeleted: 'Room Link Deleted.',
  linksSwapped: 'Room links swapped.',
  documentAdded: 'Room Document Added.',
  documentUpdated: 'Room Document Updated.',
  documentRemoved: 'Room Document Removed.',
  fileUploaded: 'File uploaded.',
  fieldAdded: 'Room field added.',
  fieldRemoved: 'Room field removed.',
  fieldsAdded: 'Fields Added',
  resourceAdded: 'Resource Added',
  tableRemoved: 'Table Removed',
  recordRemoved: 'Record Removed',
} as const;

export const ROOM_FAILURES = {
  update: 'Failed to update room.',
  createFeature: 'Failed to create room feature.',
  updateFeature: 'Failed to update room feature.',
  deleteFeature: 'Failed to delete room feature.',
  createLink: 'Failed to create room link.',
  updateLink: 'Failed to update room link.',
  deleteLink: 'Failed to delete room link.',
  addDocument: 'Failed to add room document.',
  updateDocument: 'Failed to updated room document.',
  removeDocument: 'Failed to remove room document.',
  swapLinks: 'Failed to swap room links.',
  swapDocuments: 'Failed to swap room documents.',
  getLink: 'failed to get Data Room link',
  createRoom: 'failed to create Data Room link',
} as const;

/** Resource types a room table lists (spec 3 §3 Resource): 2 people and companies, 25 checklists. */
export const TABLE_TYPES = [
  { value: '2', label: 'People & Companies' },
  { value: '25', label: 'Checklist' },
];

export const ROOM_TYPE_LABELS: Record<string, string> = {
  deal: 'Deal Room',
  report: 'Report Room',
  reporting: 'Reporting Room',
  'data-room': 'Data Room',
};
