// Creates or drops a database: node scripts/pg-admin.mjs <admin-url> create|drop <name>
import pg from 'pg';

const [url, action, name] = process.argv.slice(2);
if (!url || !['create', 'drop'].includes(action ?? '') || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-admin.mjs <admin-url> create|drop <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  if (action === 'create') await client.query(`create database ${name}`);
  else await client.query(`drop database if exists ${name} with (force)`);
  console.log(`${action} database ${name}: ok`);
} finally {
  await client.end();
}
