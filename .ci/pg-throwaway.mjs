// CI helper: `create` prints a TEST_DATABASE_URL for a new throwaway database on the local PostgreSQL
// (127.0.0.1:5432), or nothing when no server answers; `drop <url>` removes it.
import pg from 'pg';

const server = process.env.CI_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const [action, target] = process.argv.slice(2);

async function run(sql) {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (action === 'create') {
  const name = `evmap_ci_${process.pid}_${Date.now()}`;
  try {
    await run(`CREATE DATABASE "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    process.stdout.write(url.toString());
  } catch {
    // no local server: the caller skips the external-database run
  }
} else if (action === 'drop' && target) {
  const name = new URL(target).pathname.slice(1);
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
}
