/** A web address field's hint: the scheme an address starts with, the same in every language (not a message). */
export const WEB_ADDRESS_HINT = 'https://';
