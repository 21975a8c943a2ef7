/** Table types of migrations 0019 and 0022 (batch imports, Quantum HR; ADR 029), merged into DatabaseSchema here. */
export interface BatchImportsTable {
  id: string;
  owner_id: string;
  /** The target: a vector store, or (0022) a document collection's app and data type. */
  vector_store_id: string | null;
  target_app_id: string | null;
  target_data_type: string | null;
  prefix: string;
  status: string;
  pipe_name: string | null;
  listener_name: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface BatchImportItemsTable {
  import_id: string;
  seq: number;
  name: string;
  size: number;
  staged_key: string;
  state: string;
  error: string | null;
  file_id: string | null;
}

export interface QuantumHrTable {
  id: string;
  assistant_id: string;
  postings_store_id: string;
  cvs_store_id: string;
  created_at: string;
}

declare module '../../../db/schema' {
  interface DatabaseSchema {
    batch_imports: BatchImportsTable;
    batch_import_items: BatchImportItemsTable;
    quantum_hr: QuantumHrTable;
  }
}
