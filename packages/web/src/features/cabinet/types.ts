export type CabinetFolder = {
  id: number;
  name: string;
  path: string;
  parent_path: string;
  created_at: string;
};

export type CabinetFile = {
  id: number;
  filename: string;
  content_type: string;
  size: number;
  path: string;
  created_at: string;
  /** What the server allows on this file (a task's document cannot be deleted from the cabinet). */
  abilities: { download: boolean; rename: boolean; move: boolean; delete: boolean };
};

/** GET /api/account/storage/folder: the subfolders and one page of the files. */
export type FolderListing = {
  path: string;
  parent_path: string | null;
  folders: CabinetFolder[];
  files: CabinetFile[];
  total_files: number;
};

/** A row of the listing, which the row actions and modals act on. */
export type CabinetItem = { kind: 'folder'; folder: CabinetFolder } | { kind: 'file'; file: CabinetFile };
