/** The importers Outpost runs (Canvas's `migrators`): both read a Common Cartridge, Canvas's flavour included. */
export const MIGRATORS = [
  { type: 'common_cartridge_importer', requires_file_upload: true, name: 'Common Cartridge 1.x Package', required_settings: [] },
  { type: 'canvas_cartridge_importer', requires_file_upload: true, name: 'Canvas Course Export Package', required_settings: [] },
] as const;
export const MIGRATION_TYPES = ['common_cartridge_importer', 'canvas_cartridge_importer'] as const;
