import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Words the import and export screens share. */
export const transferWords = defineMessages({
  importTitle: { id: 'courseTransfer.import.title', defaultMessage: 'Import course content' },
  exportTitle: { id: 'courseTransfer.export.title', defaultMessage: 'Export course content' },
  backToSettings: { id: 'courseTransfer.backToSettings', defaultMessage: 'Back to settings' },
});

/** Canvas's selective-import content types by their API names; another type shows the title the server gave it. */
export const SELECTIVE_TYPE_WORDS: Partial<Record<string, MessageDescriptor>> = defineMessages({
  context_modules: { id: 'courseTransfer.type.modules', defaultMessage: 'Modules' },
  assignments: { id: 'courseTransfer.type.assignments', defaultMessage: 'Assignments' },
  discussion_topics: { id: 'courseTransfer.type.discussions', defaultMessage: 'Discussions' },
  wiki_pages: { id: 'courseTransfer.type.pages', defaultMessage: 'Pages' },
  attachments: { id: 'courseTransfer.type.files', defaultMessage: 'Files' },
});

/** The importers by their API names (the server names them in English); another one shows the server's name. */
export const MIGRATOR_WORDS: Partial<Record<string, MessageDescriptor>> = defineMessages({
  common_cartridge_importer: { id: 'courseTransfer.migrator.commonCartridge', defaultMessage: 'Common Cartridge 1.x Package' },
  canvas_cartridge_importer: { id: 'courseTransfer.migrator.canvasCartridge', defaultMessage: 'Canvas Course Export Package' },
});
