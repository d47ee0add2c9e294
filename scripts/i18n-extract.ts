import { writeFileSync } from 'node:fs';
import { ENGLISH_CATALOGUE, catalogueText, extractMessages } from './i18n/extract-messages.ts';

// `npm run i18n:extract`: rewrites the English catalogue from the code (test/unit/i18n-catalogue.test.ts fails until
// it is run after a message is added, changed or removed).
const messages = extractMessages();
writeFileSync(ENGLISH_CATALOGUE, catalogueText(messages));
console.log(`${Object.keys(messages).length} messages → ${ENGLISH_CATALOGUE}`);
