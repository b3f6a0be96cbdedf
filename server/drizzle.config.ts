import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <what-changed>` (run in server/) writes the next migration from src/db/schema/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
