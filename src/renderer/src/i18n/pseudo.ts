/*
 * The pseudo-locale lives in contracts/ since the server's own pages speak it too (docs/decisions/0140); the
 * renderer's catalogues and the tests import it from here.
 */
export { accentText, pseudoMessage, pseudoMessages, PSEUDO_GROWTH } from '../../../contracts/pseudo-locale.ts';
