import type { CabinetFile, CabinetFolder } from '@charter/domain';

/** The cabinet's answers, as the server declares them. */
export type {
  CabinetFile,
  CabinetFileInfo,
  CabinetFolder,
  CabinetSearchResult,
  FolderListing,
  StoredFile,
} from '@charter/domain';

/** A row of the listing, which the row actions and modals act on. */
export type CabinetItem = { kind: 'folder'; folder: CabinetFolder } | { kind: 'file'; file: CabinetFile };
