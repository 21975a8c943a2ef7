/** Table types of migration 0019 (batch imports, Quantum HR; ADR 029), merged into DatabaseSchema here. */
export interface BatchImportsTable {
  id: string;
  owner_id: string;
  vector_store_id: string;
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
