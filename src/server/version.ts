import pkg from '../../package.json' with { type: 'json' };

export const OUTPOST_VERSION: string = pkg.version;
