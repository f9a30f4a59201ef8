import type {
  CounselView,
  DocumentView,
  ProjectView,
  QuestionnaireView,
  ResourceView,
  TaskView,
  TransactionView,
} from '@charter/domain';

/** The workbench's API types are the contract's (@charter/domain), under the names the screens use. */
export type { QuestionView, TaskDocument, TimelineEntry, TransactionSummary } from '@charter/domain';
export type Task = TaskView;
export type Transaction = TransactionView;
export type Project = ProjectView;
export type Questionnaire = QuestionnaireView;
/**
 * A document as lists show it. Once sent for signature its file being signed is `original_file_id`
 * (box_file_id is the sealed file, none until then).
 */
export type DocumentRow = DocumentView;
export type Resource = ResourceView;
export type Counsel = CounselView;
