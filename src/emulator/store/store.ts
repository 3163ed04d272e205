import { Journal, type Change, type Snapshot } from './journal.js';
import { BlobStore } from './blobs.js';

/**
 * The emulator's state: named tables of JSON documents, knowing nothing of HTTP. Values are
 * treated as immutable: a writer builds a new value and `put`s it, which lets a transaction roll
 * back by restoring the old references, and lets the journal record whole values.
 */
export class Store {
  private readonly tables = new Map<string, Table<unknown>>();
  private frames: Frame[] = [];
  private closed = false;
  readonly blobs: BlobStore;

  private constructor(
    private readonly journal: Journal | null,
    dataDir: string | null,
  ) {
    this.blobs = new BlobStore(dataDir);
  }

  /** A store in memory only, or one backed by a journal in `dataDir` (loaded from it). */
  static open(dataDir: string | null, compactAtBytes?: number): Store {
    if (dataDir === null) return new Store(null, null);
    const { journal, snapshot, changes } = Journal.open(dataDir, compactAtBytes);
    const store = new Store(journal, dataDir);
    for (const [name, entries] of Object.entries(snapshot.tables)) {
      const table = store.table(name);
      for (const [key, value] of entries) table.setRaw(key, value);
    }
    for (const tx of changes) store.applyRaw(tx);
    return store;
  }

  table<T>(name: string): Table<T> {
    let table = this.tables.get(name);
    if (!table) {
      table = new Table<unknown>(name, this);
      this.tables.set(name, table);
    }
    return table as Table<T>;
  }

  /** Names of the tables that exist, for handlers that keep one table per app. */
  tableNames(): string[] {
    return [...this.tables.keys()];
  }

  /**
   * Runs `fn` as one all-or-nothing unit. Nested calls commit into their parent; only the
   * outermost one reaches the journal, and it is on disk before this returns.
   */
  transaction<R>(fn: () => R): R {
    // A call still running when the service closed (its body was being read) writes nothing: the
    // journal is closed, and the caller has been told nothing.
    if (this.closed) throw new Error('the service has stopped; this write was not carried out');
    this.frames.push(new Frame());
    let result: R;
    try {
      result = fn();
    } catch (error) {
      this.rollback(this.frames.pop()!);
      throw error;
    }
    if (result instanceof Promise) throw new Error('store transactions must be synchronous');
    const frame = this.frames.pop()!;
    const parent = this.frames.at(-1);
    // A parent that has touched nothing yet takes the child's entries as they are: a bulk
    // request's call nests three deep, and each level copied every entry of the one inside.
    if (parent?.isEmpty()) {
      this.frames[this.frames.length - 1] = frame;
    } else if (parent) {
      for (const { table, key, before } of frame.entries) parent.add(table, key, before);
    } else {
      this.commit(frame);
    }
    return result;
  }

  /** Empties every table (the control API's reset). */
  clear(): void {
    this.transaction(() => {
      for (const table of this.tables.values()) for (const key of [...table.raw.keys()]) table.delete(key);
    });
    this.blobs.clear();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.journal?.close();
  }

  /** @internal Table writes report here so the open transaction can undo and journal them. */
  touched(table: Table<unknown>, key: string, before: unknown): void {
    const frame = this.frames.at(-1);
    if (!frame) throw new Error(`write to ${table.name}/${key} outside a transaction`);
    frame.add(table, key, before);
  }

  private rollback(frame: Frame): void {
    for (const { table, key, before } of frame.entries) {
      if (before === undefined) table.deleteRaw(key);
      else table.setRaw(key, before);
    }
  }

  private commit(frame: Frame): void {
    if (!this.journal || frame.entries.length === 0) return;
    const changes: Change[] = [];
    for (const { table, key } of frame.entries) changes.push([table.name, key, table.raw.get(key) ?? null]);
    if (this.journal.append(changes)) this.journal.compact(this.snapshot());
  }

  private applyRaw(changes: Change[]): void {
    for (const [name, key, value] of changes) {
      const table = this.table(name);
      if (value === null) table.deleteRaw(key);
      else table.setRaw(key, value);
    }
  }

  private snapshot(): Snapshot {
    const tables: Snapshot['tables'] = {};
    for (const [name, table] of this.tables) if (table.raw.size > 0) tables[name] = [...table.raw.entries()];
    return { tables };
  }
}

/** One entry a transaction touched, and its value before (undefined: it did not exist). */
interface Touched {
  readonly table: Table<unknown>;
  readonly key: string;
  readonly before: unknown;
}

/**
 * The entries one transaction touched, each once (its first value before), in the order first
 * touched. Looked up by table, then key: a key made of both per write cost a string to build and
 * hash each time.
 */
class Frame {
  readonly entries: Touched[] = [];
  readonly #seen = new Map<Table<unknown>, Set<string>>();

  isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** Keeps the entry's value before unless the entry is already kept. */
  add(table: Table<unknown>, key: string, before: unknown): void {
    let keys = this.#seen.get(table);
    if (!keys) this.#seen.set(table, (keys = new Set()));
    if (keys.has(key)) return;
    keys.add(key);
    this.entries.push({ table, key, before });
  }
}

/** A map of documents; reads are free, writes must happen inside `store.transaction`. */
export class Table<T> {
  /** @internal Read freely; write only through put/delete (or setRaw/deleteRaw), which count versions. */
  readonly raw = new Map<string, T>();
  #version = 0;

  constructor(
    readonly name: string,
    private readonly store: Store,
  ) {}

  get(key: string): T | undefined {
    return this.raw.get(key);
  }

  has(key: string): boolean {
    return this.raw.has(key);
  }

  get size(): number {
    return this.raw.size;
  }

  /**
   * A number that changes with every write (rollbacks and journal replay included), so a reader
   * may cache what it derives from the table (records/id-index.ts) until the next write.
   */
  get version(): number {
    return this.#version;
  }

  values(): IterableIterator<T> {
    return this.raw.values();
  }

  entries(): IterableIterator<[string, T]> {
    return this.raw.entries();
  }

  put(key: string, value: T): void {
    this.store.touched(this, key, this.raw.get(key));
    this.setRaw(key, value);
  }

  delete(key: string): void {
    if (!this.raw.has(key)) return;
    this.store.touched(this, key, this.raw.get(key));
    this.deleteRaw(key);
  }

  /** @internal A write the store itself makes (load, replay, rollback): no transaction, a new version. */
  setRaw(key: string, value: T): void {
    this.#version++;
    this.raw.set(key, value);
  }

  /** @internal */
  deleteRaw(key: string): void {
    this.#version++;
    this.raw.delete(key);
  }
}
