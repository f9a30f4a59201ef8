import type { FieldSpec, FieldType, ResourceEntry } from '@charter/domain';

export type TimelineEntry = {
  id: number;
  label: string;
  description: string;
  icon: string;
  link: string | null;
  created_at: string;
};

export type TaskDocument = {
  id: number;
  filename: string;
  box_file_id: number | null;
  status: string | null;
  revision_count: number;
};

export type Task = {
  id: number;
  label: string;
  mode: 'Generate' | 'Upload' | 'Custom' | 'Skip';
  state: string;
  bypassed: boolean;
  status_label: string;
  modes: string[];
  document: TaskDocument | null;
  template: {
    type: string;
    deliverables: { label: string; low_days: number; high_days: number; timeline: string }[];
  };
  template_variant: { id: string; customer_label: string; description: string } | null;
  template_type: {
    customer_label: string;
    variants: { id: string; customer_label: string; description: string }[];
  };
  timeline?: TimelineEntry[];
};

export type Transaction = {
  id: number;
  label: string;
  state: string;
  status: string;
  open: boolean;
  is_started: boolean;
  validated_questionnaire: boolean;
  allow_reopen: boolean;
  disabled: boolean;
  description: string;
  created_at: string;
  updated_at: string;
  submission_date: string | null;
  finalize_snapshot: Record<string, unknown> | null;
  project_id: number;
  project_label: string;
  project_template_id: string;
  position: number;
  order_block_info: { blocking: boolean };
  /** What the server allows on this group now (its policies), so the UI offers only that. */
  abilities: { edit: boolean; submit: boolean; reopen: boolean; delete: boolean };
  tasks: Task[];
  template: {
    id: string;
    is_assessment: boolean;
    module_id: number;
    delete_level: number;
    redline_available: boolean;
    validators: unknown;
    faqs: { question: string; answer: string }[];
    description: string;
  };
};

/** A task group as lists show it (GET /api/account/transaction, a project's groupedTransactions). */
export type TransactionSummary = Pick<
  Transaction,
  | 'id'
  | 'label'
  | 'state'
  | 'status'
  | 'open'
  | 'is_started'
  | 'validated_questionnaire'
  | 'allow_reopen'
  | 'disabled'
  | 'created_at'
  | 'updated_at'
  | 'submission_date'
  | 'project_id'
  | 'project_label'
  | 'project_template_id'
  | 'position'
  | 'order_block_info'
  | 'abilities'
> & {
  template: { id: string; is_assessment: boolean; module_id: number };
  tasks: Pick<Task, 'id' | 'label' | 'mode' | 'state' | 'bypassed' | 'status_label' | 'document'>[];
};

export type Project = {
  id: number;
  label: string;
  template: {
    id: string;
    label: string;
    module_id: number;
    is_repeatable: boolean;
    is_assessment: boolean;
    description: string;
  };
  faqs: { question: string; answer: string }[];
  transactions: { id: number; open: boolean }[];
  groupedTransactions: TransactionSummary[];
  counsel: Counsel[];
  abilities: { rename: boolean; delete: boolean };
};

export type QuestionView = FieldSpec & {
  help?: string;
  description?: string;
  placeholder?: string;
  is_hidden: boolean;
  required_question_id?: string;
  required_question_value?: string;
  resource_type_id: number | null;
  multi_entry: boolean;
  fields?: FieldSpec[];
  value: string | null;
  resources: ResourceEntry[] | null;
  type: FieldType;
};

export type Questionnaire = {
  transaction_id: number;
  label: string;
  open: boolean;
  is_assessment: boolean;
  validated_questionnaire: boolean;
  validators: unknown;
  questions: QuestionView[];
};

export type DocumentRow = {
  id: number;
  filename: string;
  label: string;
  box_file_id: number | null;
  status: string | null;
  revision_count: number;
  account_task_id: number | null;
  created_at: string;
  completed_at: string | null;
};

export type Resource = { id: number; name: string; resource_type_id: number; is_draft: boolean };

export type Counsel = {
  id: number;
  counsel_type: string;
  user_id: number;
  user: { id: number; full_name: string; email: string };
};
