import { writeFileSync } from 'node:fs';
import { CATALOGUES, catalogueText, extractMessages } from './i18n/extract-messages.ts';

// `npm run i18n:extract`: rewrites the English catalogues from the code (test/unit/i18n-catalogue.test.ts fails until
// it is run after a message is added, changed or removed).
for (const catalogue of Object.values(CATALOGUES)) {
  const messages = extractMessages(catalogue);
  writeFileSync(catalogue.english, catalogueText(messages));
  console.log(`${Object.keys(messages).length} messages → ${catalogue.english}`);
}
