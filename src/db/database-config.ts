/** Where a database is: an SQLite file (or `:memory:`), or a MySQL/MariaDB server and database (config's DATABASE_URL). */
export type DatabaseConfig =
  | { client: 'sqlite'; filename: string }
  | { client: 'mysql'; host: string; port: number; user: string; password: string; database: string };
