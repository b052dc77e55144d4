import pg from 'pg';

/** One statement on its own short-lived connection (create or drop a schema or a database: what a pool must not hold open). */
export async function pgAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same PostgreSQL server (a test's or a browser run's own). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
